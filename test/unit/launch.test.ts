/**
 * The test launcher (test/launch.mjs): a test file runs as the JavaScript the setup compiled, in a
 * process with no loader hooks, and hands none on to the processes it starts. On Node 20 a hook moves
 * every module load through a second thread: tap's process tracker, once handed on through
 * NODE_OPTIONS, cost each file about a second of CPU.
 */
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { TEST_BUILD } from '../backend.js'

/** A Node option that loads code before the program: how loader hooks get in. */
const PRELOAD = /(?:^|[\s"])(?:--import|--loader|--experimental-loader|--require|-r)(?:[=\s]|$)/

t.test('a test file runs as the compiled JavaScript', async (t) => {
  t.ok(fileURLToPath(import.meta.url).startsWith(`${TEST_BUILD}${sep}`), fileURLToPath(import.meta.url))
})

t.test('its process preloads nothing', async (t) => {
  t.same(
    process.execArgv.filter((arg) => PRELOAD.test(arg)),
    [],
    'no preload on the command line',
  )
  t.notMatch(process.env.NODE_OPTIONS ?? '', PRELOAD, 'none in NODE_OPTIONS, which the processes it starts inherit')
})
