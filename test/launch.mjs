/**
 * Loaded by tap (`node-arg` in .taprc) before each test file, in a process tap has already fitted
 * with its own loader hooks. A hook on Node 20 moves every module load through a second thread, and
 * with the TypeScript loader that cost a test file about two seconds of CPU before its first test.
 * So a test file does not run here: its JavaScript, compiled by the run's setup (test/setup.ts),
 * runs in a child process with no hooks at all, on this process's stdio, its IPC channel to tap
 * relayed and tap's signals passed on, and this process exits as the child did. Anything else (the
 * setup itself) runs here through the TypeScript loader.
 *
 * .taprc loads this through NODE_OPTIONS, whose imports Node runs before those of the command line:
 * this process then ends before tap's process tracker, first on the command line, is ever loaded. It
 * cost each file 0.15 s of CPU, and on Node 20 a thread for its loader hook.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { relative } from 'node:path'

const ROOT = process.cwd()
// As .taprc names this script in NODE_OPTIONS.
const LAUNCH = 'test/launch.mjs'
// TEST_BUILD in test/backend.ts
const COMPILED = 'node_modules/.cache/test-build'
const main = process.argv[1] ?? ''
const compiled = `${COMPILED}/${relative(ROOT, main).replace(/\.ts$/, '.mjs')}`

if (main.endsWith('.test.ts') && existsSync(compiled)) {
  // Through env(1): tap's process tracker adds its hook to the NODE_OPTIONS of every process this one
  // starts, and env puts back the NODE_OPTIONS this process was given, less that hook.
  // Liftoff only: V8's optimising tier recompiles PGlite's WebAssembly in the background, which costs a
  // short-lived test process more CPU than the faster code gives back. One thread for the garbage
  // collector: with six files at once on two cores there is no idle core for its helpers, and their
  // hand-offs cost a file 5 to 9 % more CPU for no shorter run.
  const node = [process.execPath, '--enable-source-maps', '--liftoff-only', '--single-threaded-gc']
  const command = [`NODE_OPTIONS=${untracked(process.env.NODE_OPTIONS)}`, ...node, compiled, ...process.argv.slice(2)]
  const child = spawn(...timed(command), {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  })
  child.on('message', (message) => process.send?.(message))
  process.on('message', (message) => child.send(message))
  const relayed = ['SIGALRM', 'SIGTERM', 'SIGINT', 'SIGHUP']
  for (const signal of relayed) process.on(signal, () => child.kill(signal))
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...exit) => resolve(exit)))
  if (signal) {
    // Ended by a signal: end the same way, so tap reports it as it would the file's own process.
    for (const name of relayed) process.removeAllListeners(name)
    process.kill(process.pid, signal)
  }
  process.exit(code ?? 1)
} else if (main.endsWith('test/setup.ts') && process.env.TEST_PREPARED === '1') {
  // `npm test` (test/lanes.mjs) ran the setup for both databases before it started the lanes: the
  // setup tap runs first in each lane would find everything ready, at a second of CPU each.
  process.exit(0)
} else {
  const { register } = await import('tsx/esm/api')
  register()
}

/**
 * NODE_OPTIONS without tap's process tracker (@tapjs/processinfo), whose loader hook would put every
 * module the file and the servers it starts load through a second thread: it serves coverage and
 * `tap --changed`, and this suite uses neither. Without this script too: .taprc puts it there, for the
 * process tap starts, not for the file's own or the servers and tools the file starts.
 */
function untracked(options = '') {
  const words = options.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? []
  return words.filter((word) => !word.includes('@tapjs/processinfo') && !word.includes(LAUNCH)).join(' ')
}

/**
 * The command, or, with TEST_TIMES set to a file, the command under GNU time, which adds a line to that
 * file: wall seconds, user and system CPU seconds, peak memory in KiB, the database and the test file.
 * The CPU counts the file's process and the processes it waited for (servers and tools it started),
 * not the shared PostgreSQL's. `TEST_TIMES=times.txt npm test` says where a run's time goes.
 */
function timed(command) {
  const file = process.env.TEST_TIMES
  if (!file) return ['env', command]
  const format = `%e %U %S %M ${process.env.TEST_DB ?? 'postgres'} ${relative(ROOT, main)}`
  return ['time', ['--append', '--output', file, '--format', format, 'env', ...command]]
}
