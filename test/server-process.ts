import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { Test } from 'tap'
import { TEST_BUNDLE } from './backend.js'
import { PATIENT_TIMEOUTS, TEST_SECRET } from './helper.js'

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  /** performance.now() when the process ended. */
  at: number
}

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  /** Every JSON log line the server wrote so far. */
  logs: Record<string, unknown>[]
  stderr: () => string
  exited: Promise<Exit>
}

/**
 * Starts the real server as its own process (the run's bundle, as `npm start` runs it), in an empty
 * working directory (so no stray .env is read), on a free port, and resolves once it listens. The
 * process is killed when the test ends, if it still runs.
 */
export async function startServer(
  t: Test,
  env: Record<string, string>,
  readyWithinMs = 120_000,
): Promise<ServerProcess> {
  const cwd = mkdtempSync(join(tmpdir(), 'server-'))
  t.teardown(() => rmSync(cwd, { recursive: true, force: true }))
  const child = spawn(process.execPath, [TEST_BUNDLE], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      JWT_SECRET: TEST_SECRET,
      BCRYPT_COST: '4',
      BCRYPT_WORKERS: '1',
      SERVER_HOST: '127.0.0.1',
      SERVER_PORT: '0',
      // Several servers run at once: their metrics listeners take any free port too.
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      ...PATIENT_TIMEOUTS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  )
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const logs: Record<string, unknown>[] = []
  let pending = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen within ${readyWithinMs} ms: ${stderr}`)),
      readyWithinMs,
    )
    child.stdout?.on('data', (chunk) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        let entry: Record<string, unknown>
        try {
          entry = JSON.parse(line) as Record<string, unknown>
        } catch {
          continue // not a log line
        }
        logs.push(entry)
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg))?.[1]
        if (address) {
          clearTimeout(timer)
          resolve(address)
        }
      }
    })
    void exited.then(({ code }) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening: ${stderr}`))
    })
  })
  return { url, port: Number(new URL(url).port), child, logs, stderr: () => stderr, exited }
}

/**
 * Whether the server logs a line that `matches` within `withinMs`. Log lines come through the child's
 * stdout, which can reach the test after an HTTP answer the server sent later: a check right after
 * such an answer must wait for the line, not read the log as it stands.
 */
export async function logged(
  server: Pick<ServerProcess, 'logs'>,
  matches: (line: Record<string, unknown>) => boolean,
  withinMs = 10_000,
): Promise<boolean> {
  for (const deadline = performance.now() + withinMs; performance.now() < deadline; ) {
    if (server.logs.some(matches)) return true
    await delay(10)
  }
  return server.logs.some(matches)
}
