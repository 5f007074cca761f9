/**
 * The test launcher (test/launch.mjs): a test file runs as the JavaScript the setup compiled, before
 * tap's process tracker could load, and hands no preload on to the processes it starts. On Node 20 a
 * loader hook moves every module load through a second thread: tap's process tracker, once handed on
 * through NODE_OPTIONS, cost each file about a second of CPU.
 */
import { execFileSync } from 'node:child_process'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { TEST_BUILD } from '../backend.js'

/** A Node option that loads code before the program: how loader hooks get in. */
const PRELOAD = /(?:^|[\s"])(?:--import|--loader|--experimental-loader|--require|-r)(?:[=\s]|$)/

t.test('a test file runs as the compiled JavaScript', async (t) => {
  t.ok(fileURLToPath(import.meta.url).startsWith(`${TEST_BUILD}${sep}`), fileURLToPath(import.meta.url))
})

t.test('tap’s process tracker never ran in its process', async (t) => {
  // The tracker's first act is to set this key on the global object.
  t.notOk(Symbol.for('@tapjs/processinfo.ProcessInfoNodeData') in globalThis)
})

t.test('the processes and threads it starts inherit no preload', async (t) => {
  t.notMatch(process.env.NODE_OPTIONS ?? '', PRELOAD, 'none in NODE_OPTIONS')
  t.same(
    process.execArgv.filter((arg) => PRELOAD.test(arg)),
    [],
    'none among the options a worker thread is given (src/services/passwords.ts)',
  )
  const child = JSON.parse(
    execFileSync(process.execPath, ['-p', 'JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? ""])'], {
      encoding: 'utf8',
    }),
  ) as [string[], string]
  t.same(
    child[0].filter((arg) => PRELOAD.test(arg)),
    [],
    'none on its command line',
  )
  t.notMatch(child[1], PRELOAD, 'none in its NODE_OPTIONS')
})
