/**
 * Loaded first in each process tap starts, through NODE_OPTIONS (.taprc), whose imports Node runs
 * before those of the command line. There tap puts its process tracker (@tapjs/processinfo), whose
 * loader hook serves coverage and `tap --changed`, neither of which this suite uses: on Node 20 a hook
 * moves every module load through a second thread, and the tracker alone cost each file 0.15 s of CPU.
 *
 * So a test file runs here, before any hook: as the JavaScript the run's setup compiled
 * (test/setup.ts), and this import settles only when the process ends, so neither the tracker nor the
 * TypeScript file tap named is ever loaded. A group of test files (test/groups.mjs writes them into the
 * compiled folder) is such JavaScript already, and runs here the same way. Anything else (the setup
 * itself) runs through the TypeScript loader.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { COMPILED, GROUPS } from './groups.mjs'

const ROOT = process.cwd()
// As .taprc names this script in NODE_OPTIONS.
const LAUNCH = 'test/launch.mjs'
const main = relative(ROOT, process.argv[1] ?? '')
const group = main.startsWith(`${GROUPS}/`)
const compiled = group ? main : `${COMPILED}/${main.replace(/\.ts$/, '.mjs')}`

if (group || (main.endsWith('.test.ts') && existsSync(compiled))) {
  untrack()
  if (process.env.TEST_TIMES) {
    const record = timesRecorder(process.env.TEST_TIMES)
    // test/file-group.ts names each of its files as it ends.
    if (group) process.on('test-file-end', record)
    else process.on('exit', () => record(main))
  }
  // tap sets the exit code of a failure. Without a code, Node ends a process whose top-level await never
  // settled with 13.
  process.exitCode = 0
  await import(pathToFileURL(compiled).href)
  // The tests go on from here; the process exits when they are done.
  await new Promise(() => {})
} else if (main.endsWith('test/setup.ts') && process.env.TEST_PREPARED === '1') {
  // `npm test` (test/lanes.mjs) ran the setup for both databases before it started the lanes: the
  // setup tap runs first in each lane would find everything ready, at a second of CPU each.
  process.exit(0)
} else {
  const { register } = await import('tsx/esm/api')
  register()
}

/**
 * What the servers and tools the file starts inherit (NODE_OPTIONS), and the worker threads (the
 * preloads of the command line, which the password hasher hands on): neither this script nor the
 * tracker.
 */
function untrack() {
  process.env.NODE_OPTIONS = untracked(process.env.NODE_OPTIONS)
  process.execArgv = process.execArgv.filter(isKept)
}

/** NODE_OPTIONS without tap's process tracker and without this script. */
function untracked(options = '') {
  const words = options.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? []
  return words.filter(isKept).join(' ')
}

/** Whether a Node option is neither tap's process tracker nor this script (both preloads, as one word). */
function isKept(option) {
  return !option.includes('@tapjs/processinfo') && !option.includes(LAUNCH)
}

/**
 * With TEST_TIMES set to a file, what adds a line to it as a test file ends: wall seconds, user and
 * system CPU seconds, peak memory in KiB, the database and the test file it is given. The CPU counts
 * the file's process and the processes it waited for (servers and tools it started, from /proc, in
 * Linux's 100 ticks a second), not the shared PostgreSQL's. In a group, each line counts from the end
 * of the last, the first from the start of the process. `TEST_TIMES=times.txt npm test` says where a
 * run's time goes.
 */
function timesRecorder(out) {
  const last = { wall: 0, user: 0, system: 0 }
  return (file) => {
    const usage = process.resourceUsage()
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // After the name in parentheses: state is field 3, so cutime (16) and cstime (17) are 13 and 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const now = {
      wall: process.uptime(),
      user: usage.userCPUTime / 1e6 + Number(fields[13]) / 100,
      system: usage.systemCPUTime / 1e6 + Number(fields[14]) / 100,
    }
    const [wall, user, system] = ['wall', 'user', 'system'].map((key) => (now[key] - last[key]).toFixed(2))
    Object.assign(last, now)
    const database = process.env.TEST_DB ?? 'postgres'
    appendFileSync(out, `${wall} ${user} ${system} ${usage.maxRSS} ${database} ${file}\n`)
  }
}
