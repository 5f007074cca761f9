/**
 * Groups of test files, several to a process (test/file-group.ts). A test process costs about 0.6 s of
 * CPU before its first test (Node's start, loading the bundle, a first app built before the JIT has
 * warmed up), which a small file's own tests barely outweigh: six small route files took 6.0 s of CPU
 * one process each, and 2.1 s in one. `npm test` (test/lanes.mjs) and the quick lane (test/quick.mjs)
 * run their files so.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'

/**
 * The compiled tests' folder (TEST_BUILD in test/backend.ts), for the plain JavaScript that runs before
 * anything is compiled: this file and test/launch.mjs.
 */
export const COMPILED = 'node_modules/.cache/test-build'
/** Where the groups are written, and where test/launch.mjs recognises them: beside what they import. */
export const GROUPS = `${COMPILED}/groups`
// About 7 groups in the PostgreSQL lane and 4 in the PGlite lane: enough for two at a time to share
// out evenly, few enough that each process's start is spread over many files.
const GROUP_SIZE = 8
/**
 * Files that run in a group of their own, before the others. The first ones wait most of their time
 * (a browser, lint tools, server processes, a mail claim's renewal) or compute longest: started first,
 * they overlap the groups instead of keeping the lane running alone at its end. The fuzzing files share
 * the state of test/reliability/hostile-input.ts, which a process evaluates once.
 */
const ALONE = [
  'test/db/pglite-data-dir.test.ts',
  'test/client/docs-browser.test.ts',
  'test/db/migrate.test.ts',
  'test/routes/password-reset.test.ts',
  'test/client/account-pages.test.ts',
  'test/openapi.test.ts',
  'test/bundle.test.ts',
  'test/client/passkeys-browser.test.ts',
  'test/reliability/hostile-input-1.test.ts',
  'test/reliability/hostile-input-2.test.ts',
  'test/reliability/hostile-input-3.test.ts',
]

/**
 * The files tap runs with the lane's config (`rcfile`; .taprc when none), as paths from the project's
 * root. `tap list` is tap's own selection (its runner's list step), though its help does not name it:
 * a tap that dropped it would stop `npm test` here, with tap's error.
 */
function laneFiles(rcfile) {
  const env = { ...process.env, ...(rcfile ? { TAP_RCFILE: rcfile } : {}) }
  return execFileSync('node_modules/.bin/tap', ['list'], { env, encoding: 'utf8' }).split('\n').filter(Boolean)
}

/**
 * Writes the lane's files in groups, each a module that runs its files in one process, named so tap
 * (which runs files in the order of their names) starts the files of ALONE first, in its order. Returns
 * the modules' paths, for tap's command line.
 */
export function writeGroups(lane, rcfile) {
  const files = laneFiles(rcfile)
  const alone = ALONE.filter((file) => files.includes(file))
  const rest = files.filter((file) => !alone.includes(file))
  const units = alone.map((file) => [file])
  for (let at = 0; at < rest.length; at += GROUP_SIZE) units.push(rest.slice(at, at + GROUP_SIZE))
  mkdirSync(GROUPS, { recursive: true })
  // The lane's groups of an earlier run: its files may have changed since.
  for (const old of readdirSync(GROUPS)) if (old.startsWith(`${lane}-`)) rmSync(`${GROUPS}/${old}`)
  return units.map((unit, index) => {
    const path = `${GROUPS}/${lane}-${String(index + 1).padStart(2, '0')}.mjs`
    writeFileSync(path, `import { runGroup } from '../test/file-group.mjs'\nawait runGroup(${JSON.stringify(unit)})\n`)
    return path
  })
}
