import { execFile } from 'node:child_process'
import { createConnection } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'

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

function answersPing(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 })
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
