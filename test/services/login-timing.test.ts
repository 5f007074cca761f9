import bcrypt from 'bcryptjs'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { createPasswordHasher } from '../../src/services/passwords.js'
import { build, freshDatabase, registerUser, uniqueEmail } from '../helper.js'

const STORED_COST = 12

t.test('a failed login for an unknown email is held as long as one against the slowest stored cost', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  // An account whose hash was made at another cost (by the tools, or before BCRYPT_COST changed).
  const first = await build(t, { database })
  const user = await registerUser(first)
  const stored = bcrypt.hashSync(user.password, STORED_COST)
  await first.db.execute(sql`UPDATE users SET password_hash = ${stored} WHERE id = ${user.id}`)
  await first.close()

  // A fresh start at the test cost: the costs in use are read from the database.
  const passwords = createPasswordHasher({ cost: 4, workers: 1 })
  t.teardown(() => passwords.close())
  const app = await build(t, { database, passwords })
  const failedLogin = async (email: string) => {
    const started = performance.now()
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong' } })
    t.equal(res.statusCode, 401)
    return performance.now() - started
  }
  await failedLogin(uniqueEmail('warm-up'))

  // Not a speed measurement: a lower bound on a deliberate hold, which a busy machine only lengthens.
  // A compare at cost 4 takes a few milliseconds and one at cost 12 256 times as long; unheld, the
  // unknown email would be answered in a fraction of the bound below.
  const atStoredCost = (() => {
    const hash = bcrypt.hashSync('something', STORED_COST)
    const started = performance.now()
    bcrypt.compareSync('something else', hash)
    return performance.now() - started
  })()
  const unknown = await failedLogin(uniqueEmail('nobody'))
  t.ok(
    unknown >= atStoredCost / 4,
    `the unknown email took ${Math.round(unknown)} ms, against ${Math.round(atStoredCost)} ms for a compare at cost ${STORED_COST}`,
  )

  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })
  t.equal(login.statusCode, 200, 'the account at the other cost still logs in')
})
