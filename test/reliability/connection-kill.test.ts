/**
 * Connections killed under the service (an administrator's pg_terminate_backend, a failover, a pooler
 * restart) end the statements they carry: those requests answer 503, nothing rejects unhandled, the
 * process stays up, and the next requests succeed on new connections without a restart.
 */
import t from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { isTypeFetchFailure } from '../../src/db/postgres.js'
import { backend, build, databaseWithAdmin, type TestUser, testConfig } from '../helper.js'

t.test(
  'killing every connection of the pool under load',
  { skip: backend('postgres', 'terminates PostgreSQL backends') },
  async (t) => {
    const unhandled: unknown[] = []
    // postgres.js's own type fetch on a new connection rejects unawaited when the connection dies under
    // it; the service drops exactly that one (src/db/postgres.ts). Anything else would end the process.
    const record = (reason: unknown) => {
      if (!isTypeFetchFailure(reason)) unhandled.push(reason)
    }
    process.on('unhandledRejection', record)
    t.teardown(() => process.off('unhandledRejection', record))

    const { url, name, admin } = await databaseWithAdmin(t)
    const killAll = () =>
      admin`SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity
        WHERE datname = ${name} AND pid <> pg_backend_pid()`

    const database = await createDatabase({ ...testConfig().database, url, poolMax: 4 })
    t.teardown(() => database.close())
    const app = await build(t, { database, env: { SERVER_WRITETIMEOUT: '60' } })

    const statuses = new Map<number, number>()
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)
    const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'POST', url, payload, headers })
      count(res.statusCode)
      return res
    }

    /** One user's flow: register, todo writes, a refresh, a login, a logout; failures are answers too. */
    const flow = async (n: number) => {
      const email = `kill-${n}-${Date.now()}@example.com`
      const registered = await post('/api/v1/auth/register', { name: 'Killed Often', email, password: 'pa55word!' })
      if (registered.statusCode !== 200) return
      const data = registered.json().data
      const user = { headers: { authorization: `Bearer ${data.access_token}` } } as Pick<TestUser, 'headers'>
      for (let i = 0; i < 3; i++) await post('/api/v1/todos', { title: `todo ${i}` }, user.headers)
      await post('/api/v1/auth/refresh', { refresh_token: data.refresh_token })
      await post('/api/v1/auth/login', { email, password: 'pa55word!' })
      await post('/api/v1/auth/logout', {}, user.headers)
    }

    let stop = false
    let kills = 0
    const killer = (async () => {
      while (!stop) {
        const [row] = await killAll()
        kills += row?.killed ?? 0
        await new Promise((resolve) => setTimeout(resolve, 15))
      }
    })()
    const flows: Promise<void>[] = []
    for (let n = 0; n < 60; n++) {
      flows.push(flow(n))
      if (n % 6 === 5) await Promise.all(flows.splice(0))
    }
    await Promise.all(flows)
    stop = true
    await killer
    // Events written after their answers are part of the load: let them finish or fail.
    await app.audit.flush()
    await new Promise((resolve) => setTimeout(resolve, 200))

    t.ok(kills > 0, `connections were killed mid-flight (${kills})`)
    t.same(unhandled, [], "no promise rejected unhandled but the driver's type fetch")
    const seen = Object.fromEntries(statuses)
    t.notOk(statuses.has(500), `no 500 among ${JSON.stringify(seen)}`)
    for (const status of statuses.keys())
      t.ok([200, 201, 204, 401, 503].includes(status), `${status} is a documented answer to this flow`)

    // Recovered, with no restart: a whole flow succeeds once the database is left alone. Connections the
    // last kill ended may still sit in the pool, and the first statement on one fails (a 503) before the
    // pool replaces it, so a few attempts are allowed.
    let recovered = false
    for (let attempt = 0; attempt < 5 && !recovered; attempt++) {
      const before = new Map(statuses)
      await flow(1000 + attempt)
      const after: Record<number, number> = {}
      for (const [status, n] of statuses)
        if (n > (before.get(status) ?? 0)) after[status] = n - (before.get(status) ?? 0)
      recovered = after[200] === 4 && after[201] === 3 && Object.keys(after).length === 2
    }
    t.ok(recovered, 'a whole flow after the kills succeeds')
    const ready = await app.inject({ method: 'GET', url: '/health/ready' })
    t.equal(ready.statusCode, 200, 'and the instance is ready')
  },
)
