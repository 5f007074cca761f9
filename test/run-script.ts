import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ROOT } from '../src/paths.js'
import { testBuildPath } from './backend.js'

export interface Exit {
  code: number | null
  stdout: string
  stderr: string
}

const TSX = import.meta.resolve('tsx')
const SCRIPTS = join(ROOT, 'scripts')

export interface RunOptions {
  cwd: string
  /** The whole environment of the process, apart from PATH. */
  env: Record<string, string>
  /** A process that hangs is killed after this long, which shows as no exit code. */
  timeoutMs: number
}

/**
 * Runs an entry point as its own process (no terminal, stdin closed) and waits for it to exit: a tool of
 * scripts/ as the run's setup bundled it (test/setup.ts), other TypeScript through the loader, and a
 * built .mjs (the run's server bundle) under bare node.
 */
export function runScript(script: string, args: string[], { cwd, env, timeoutMs }: RunOptions): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const argv = script.endsWith('.ts') ? compiled(script) : [script]
    const child = spawn(process.execPath, [...argv, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A TypeScript entry point as node runs it: the setup's bundle of a tool, or the source through tsx. */
function compiled(script: string): string[] {
  const bundled = testBuildPath(script)
  if (dirname(script) === SCRIPTS && existsSync(bundled)) return ['--enable-source-maps', bundled]
  return ['--import', TSX, script]
}
