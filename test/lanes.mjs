/**
 * `npm test`: the whole suite, in three lanes at once. The setup runs first, once for each database
 * (test/setup.ts), so the lanes find the compiled tests, the bundle, the template database and the
 * PGlite snapshot ready and make none of them again. Then every file but the timing lane's runs against
 * PostgreSQL, and beside it the PGlite lane and the timing lane (test/timing.taprc: server processes
 * restarted, killed, failed over, timed out): the PostgreSQL lane waits on its server and the timing
 * lane on its processes, so only together do they keep both cores busy. The PostgreSQL lane's output is
 * shown as it comes; the others' is held and shown in turn when all are done, so each lane reads as one
 * block ending with its own tap summary. Exits non-zero when any lane fails.
 *
 * The PostgreSQL and PGlite lanes run their files in groups, several to a process (test/groups.mjs).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeGroups } from './groups.mjs'

/**
 * `npm run <script>`, its output shown (or held, when `held` is given), at a lower priority when `nice`;
 * resolves to its exit code.
 */
function run(script, { env = {}, held = undefined, args = [], nice = false } = {}) {
  return new Promise((resolve) => {
    const command = ['npm', 'run', script, ...(args.length > 0 ? ['--', ...args] : [])]
    const child = spawn(nice ? 'nice' : command[0], nice ? ['-n', '10', ...command] : command.slice(1), {
      env: { ...process.env, ...env },
      stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
    })
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk))
      child.stderr.on('data', (chunk) => held.push(chunk))
    }
    // 'close', not 'exit': held output may still be on its way when the process has exited.
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)))
  })
}

/** A command of the project's own bin folder, its output shown; resolves to its exit code. */
function bin(name, args) {
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${name}`, args, { stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)))
  })
}

// tap builds its Test class for the configured plugins the first time it runs after an install, and
// three lanes starting at once would each build it over the others' feet: built once, here, first,
// and again only when the plugins (.taprc) or the installed packages change, since a build costs
// seconds of CPU.
const TAP_BUILT = 'node_modules/.cache/tap-build.stamp'
const tapInputs = createHash('sha256')
  .update(readFileSync('.taprc'))
  .update(readFileSync('package-lock.json'))
  .digest('hex')
if (!existsSync(TAP_BUILT) || readFileSync(TAP_BUILT, 'utf8') !== tapInputs) {
  if ((await bin('tap', ['build'])) !== 0) process.exit(1)
  mkdirSync(dirname(TAP_BUILT), { recursive: true })
  writeFileSync(TAP_BUILT, tapInputs)
}

let failed = false
for (const database of ['postgres', 'pglite'])
  if ((await run('test:setup', { env: { TEST_DB: database } })) !== 0) failed = true
if (failed) process.exit(1)
// For test/launch.mjs: the lanes' own setups (tap's `before`) have nothing left to do.
process.env.TEST_PREPARED = '1'

const grouped = { postgres: writeGroups('postgres'), pglite: writeGroups('pglite', 'test/pglite.taprc') }

const held = { pglite: [], timing: [] }
// Six processes at a time in all on two cores, two per lane: the timing lane's files wait on their
// processes most of the time. A seventh, a third PostgreSQL one, made every file slower by contention
// for the cores and their caches: the run took about 6 % more CPU and no less time. The two CPU lanes
// run niced, so they take only the CPU the timing lane leaves: its files measure what happens within a
// time (requests served before a signal, writes acknowledged before a crash), and starved by their
// neighbours they would fail.
const lanes = [
  run('test:postgres', { nice: true, args: ['--jobs=2', ...grouped.postgres] }),
  // The fuzzing's inputs and the answers they must get are the same on either database: the PostgreSQL
  // lane's requests (FUZZ_RUNS; unset, the 2,000 of test/reliability/hostile-input.ts, which this
  // repeats; CI sets 6,000) cover the generator's breadth, and a quarter as many here show PGlite
  // answers alike.
  run('test:pglite', {
    env: { FUZZ_RUNS: String(Math.ceil(Number(process.env.FUZZ_RUNS ?? 2000) / 4)) },
    held: held.pglite,
    args: ['--jobs=2', ...grouped.pglite],
    nice: true,
  }),
  run('test:timing', { held: held.timing, args: ['--jobs=2'] }),
]
const codes = await Promise.all(lanes)
for (const output of Object.values(held)) process.stdout.write(Buffer.concat(output))
// Not process.exit(): written to a pipe, the held output would be cut off where the exit found it.
process.exitCode = codes.every((code) => code === 0) ? 0 : 1
