import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { TEST_SECRET } from './helper.js'

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url))
const TSX = import.meta.resolve('tsx')

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Every JSON log line the server wrote. */
  logs: Record<string, unknown>[]
  stderr: () => string
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>
}

/**
 * Starts the real server as its own process on a free port and resolves once it listens. The process
 * is killed when the test ends, if it still runs.
 */
export async function startServer(
  t: Test,
  env: Record<string, string>,
  readyWithinMs = 30_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', TSX, SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      JWT_SECRET: TEST_SECRET,
      BCRYPT_COST: '4',
      BCRYPT_WORKERS: '1',
      SERVER_HOST: '127.0.0.1',
      SERVER_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const logs: Record<string, unknown>[] = []
  let pending = ''
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen within ${readyWithinMs} ms: ${stderr}`)),
      readyWithinMs,
    )
    child.stdout?.on('data', (chunk) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        if (!line.trim()) continue
        const entry = JSON.parse(line) as Record<string, unknown>
        logs.push(entry)
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg))?.[1]
        if (address) {
          clearTimeout(timer)
          resolve(address)
        }
      }
    })
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening: ${stderr}`))
    })
  })
  return { url: await listening, child, logs, stderr: () => stderr, exited }
}
