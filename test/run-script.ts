import { spawn } from 'node:child_process'

export interface Exit {
  code: number | null
  stdout: string
  stderr: string
}

const TSX = import.meta.resolve('tsx')

export interface RunOptions {
  cwd: string
  /** The whole environment of the process, apart from PATH. */
  env: Record<string, string>
  /** A process that hangs is killed after this long, which shows as no exit code. */
  timeoutMs: number
}

/**
 * Runs an entry point as its own process (no terminal, stdin closed) and waits for it to exit: TypeScript
 * through the loader, a built .mjs (the run's bundle) under bare node.
 */
export function runScript(script: string, args: string[], { cwd, env, timeoutMs }: RunOptions): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(script.endsWith('.ts') ? ['--import', TSX] : []), script, ...args], {
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
