import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { type AddressInfo, createConnection, createServer } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'
import type { Test } from 'tap'

/** The Redis the tests share; started here when nothing answers on it. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379'

const START_ARGS = [
  '--daemonize',
  'yes',
  '--bind',
  '127.0.0.1',
  '-::1',
  '--port',
  '6379',
  '--save',
  '',
  '--appendonly',
  'no',
]
const READY_WITHIN_MS = 10_000

/** Makes sure a Redis answers PING on 127.0.0.1:6379, starting one if needed, and returns its URL. */
export async function ensureRedis(): Promise<string> {
  if (await answersPing()) return TEST_REDIS_URL
  // Two test files may race to start it: the loser's server fails to bind, and both wait for PING.
  await promisify(execFile)('redis-server', START_ARGS).catch(() => {})
  const deadline = Date.now() + READY_WITHIN_MS
  while (Date.now() < deadline) {
    if (await answersPing()) return TEST_REDIS_URL
    await delay(100)
  }
  throw new Error(`Redis did not answer PING on ${TEST_REDIS_URL} within ${READY_WITHIN_MS / 1000}s`)
}

/** A port nobody listens on now (asked of the OS). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * A Redis of the test's own on a free port, which it can stop and start again (an outage), never the
 * shared one. Stopped when the test ends.
 */
export async function ownRedis(t: Test): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort()
  let server: ChildProcess | undefined
  const stop = async () => {
    if (!server || server.exitCode !== null) return
    const exited = once(server, 'exit')
    server.kill('SIGKILL')
    await exited
    server = undefined
  }
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    const deadline = Date.now() + READY_WITHIN_MS
    while (Date.now() < deadline) {
      if (await answersPing(port)) return
      await delay(50)
    }
    throw new Error(`the test's Redis did not answer PING on port ${port} within ${READY_WITHIN_MS / 1000}s`)
  }
  t.teardown(stop)
  await start()
  return { url: `redis://127.0.0.1:${port}`, stop, start }
}

function answersPing(port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    let reply = ''
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })
}
