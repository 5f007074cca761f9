import t from 'tap'
import { createPasswordHasher } from '../../src/services/passwords.js'

t.test('hashing goes on after the idle threads have stopped', async (t) => {
  const hasher = createPasswordHasher({ cost: 4, workers: 2, idleWorkerMs: 50 })
  t.teardown(() => hasher.close())
  const stored = await hasher.hash('correct horse')
  t.ok(await hasher.verify('correct horse', stored), 'verifies while the threads run')

  // Long past the idle timeout every thread has stopped; the pool must start one for the next task.
  await new Promise((resolve) => setTimeout(resolve, 500))
  t.ok(await hasher.verify('correct horse', stored), 'verifies after the threads stopped')
  t.notOk(await hasher.verify('wrong horse', stored), 'still refuses a wrong password')
  t.notOk(await hasher.verify('correct horse', undefined), 'an unknown account still never matches')
})
