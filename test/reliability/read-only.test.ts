/**
 * A read-only database (a standby, or default_transaction_read_only) is an outage, not a bug: writes
 * answer 503 SERVICE_UNAVAILABLE, readiness fails saying the database is read-only, reads still work,
 * and the service takes writes again once the database does, without a restart.
 */
import t from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { backend, build, databaseWithAdmin, registerUser, testConfig } from '../helper.js'

t.test(
  'a read-only PostgreSQL server',
  { skip: backend('postgres', 'the embedded database is never read-only') },
  async (t) => {
    const { url, name, admin } = await databaseWithAdmin(t)
    const readOnly = (on: boolean) =>
      admin.unsafe(`ALTER DATABASE "${name}" SET default_transaction_read_only = ${on ? 'on' : 'off'}`)

    t.test('writes answer 503 and readiness says read-only, until the database takes writes again', async (t) => {
      // Its own pool, so connections opened after the switch see it.
      const database = await createDatabase({ ...testConfig().database, url, poolMax: 2 })
      t.teardown(() => database.close())
      // A patient write deadline: on a loaded machine a slow registration is no 503 in this test.
      const app = await build(t, { database, env: { SERVER_WRITETIMEOUT: '60' } })
      const user = await registerUser(app)
      // The registration's audit event is written after the answer: no statement is in flight when the
      // pool's connections are ended below (what a killed in-flight statement does is a test of its own).
      await app.audit.flush()

      await readOnly(true)
      t.teardown(() => readOnly(false))
      // The setting applies to new sessions: end the pool's current ones.
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`

      // The first probe may meet a pooled connection that was just ended: the next one opens a new one.
      let ready = await app.inject({ method: 'GET', url: '/health/ready' })
      for (let attempt = 0; attempt < 20 && !/read-only/.test(ready.body); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        ready = await app.inject({ method: 'GET', url: '/health/ready' })
      }
      t.equal(ready.statusCode, 503, 'not ready')
      t.match(ready.json(), {
        status: 'unhealthy',
        checks: [{ name: 'database', status: 'fail', message: /database is read-only/ }],
      })

      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/todos',
        headers: user.headers,
        payload: { title: 'on a standby' },
      })
      t.equal(created.statusCode, 503, 'a todo write is a 503')
      t.same(created.json(), { error: 'Service temporarily unavailable' })
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Late Comer', email: 'late@example.com', password: 'correct horse battery' },
      })
      t.equal(registered.statusCode, 503, 'a registration is a 503')
      t.match(registered.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
      const list = await app.inject({ method: 'GET', url: '/api/v1/todos', headers: user.headers })
      t.equal(list.statusCode, 200, 'reads still work')

      await readOnly(false)
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`
      let status = 0
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = (await app.inject({ method: 'GET', url: '/health/ready' })).statusCode
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      t.equal(status, 200, 'ready again without a restart')
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/todos',
        headers: user.headers,
        payload: { title: 'on the primary' },
      })
      t.equal(again.statusCode, 201, 'writes work again')
    })
  },
)
