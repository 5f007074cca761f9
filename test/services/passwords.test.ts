import t from 'tap'
import { createPasswordHasher, moduleLoaderFlags } from '../../src/services/passwords.js'

/** The worker threads alive in this process (only the hasher starts any here). */
const threads = () => (process.report.getReport() as { workers: unknown[] }).workers.length

t.test('hashing goes on after the idle threads have stopped', async (t) => {
  t.equal(threads(), 0, 'no thread before any work')
  const hasher = createPasswordHasher({ cost: 4, workers: 2, idleWorkerMs: 50 })
  t.teardown(() => hasher.close())
  const stored = await hasher.hash('correct horse')
  t.ok(await hasher.verify('correct horse', stored), 'verifies while the threads run')
  t.ok(threads() > 0, 'the work started a thread')

  // Every thread stops once it has been idle for idleWorkerMs: waited for, not timed, so a busy machine
  // only makes this slower (the file's timeout bounds it).
  while (threads() > 0) await new Promise((resolve) => setTimeout(resolve, 50))
  t.pass('every thread stopped')
  t.ok(await hasher.verify('correct horse', stored), 'verifies after the threads stopped: the pool started one')
  t.ok(threads() > 0, 'a thread runs again')
  t.notOk(await hasher.verify('wrong horse', stored), 'still refuses a wrong password')
  t.notOk(await hasher.verify('correct horse', undefined), 'an unknown account still never matches')
})

t.test('the threads share the parent’s module loaders and none of its V8 or process flags', async (t) => {
  const argv = ['--max-semi-space-size=8', '--import', './a.mjs', '--require=./b.cjs', '--liftoff-only', '-r', 'c']
  t.same(moduleLoaderFlags(argv), ['--import', './a.mjs', '--require=./b.cjs', '-r', 'c'])
  t.same(moduleLoaderFlags(['--no-allocation-site-pretenuring']), [])
})
