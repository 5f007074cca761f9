/**
 * Database faults, built with a TCP proxy between the service and PostgreSQL: the database refused,
 * partitioned (connections accepted and never answered) and slow. The service must answer fast and in
 * the documented shape while it cannot reach the database, recover by itself when it can again, and
 * lose nothing that was committed. PostgreSQL only: PGlite runs inside the process, with no network
 * to cut.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import t, { type Test } from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { type App, backend, build, databaseWithAdmin, ISO, registerUser, type TestUser, testConfig } from '../helper.js'
import { type CutMode, startProxy, type TcpProxy } from './tcp-proxy.js'

const HEALTH_TIMEOUT_MS = 1000
/** Room for a slow, shared machine on top of a deadline under test. */
const MARGIN_MS = 1500
const DEADLINE_MS = HEALTH_TIMEOUT_MS + MARGIN_MS
/** How long each outage lasts while requests keep arriving. */
const OUTAGE_MS = 2500
/** Driver and network internals that must not reach a caller. */
const INTERNALS = /ECONN|ETIMEDOUT|CONNECT_TIMEOUT|CONNECTION_|127\.0\.0\.1|:5432\b|postgres/i

const unhandled: unknown[] = []
process.on('unhandledRejection', (reason) => {
  unhandled.push(reason)
})

t.test(
  'database faults',
  { skip: backend('postgres', 'faults are made by a TCP proxy in front of PostgreSQL') },
  async (t) => {
    const { url } = await databaseWithAdmin(t)

    /**
     * The app on its own connection pool through its own proxy, so one scenario's reconnect state never
     * leaks into the next. Torn down after the app (teardowns run last-registered first).
     */
    async function serviceBehindProxy(t: Test): Promise<{ app: App; proxy: TcpProxy }> {
      const target = new URL(url)
      const proxy = await startProxy({ targetHost: target.hostname, targetPort: Number(target.port || 5432) })
      // An operator who wants an unreachable database noticed within a second sets both.
      const seconds = String(HEALTH_TIMEOUT_MS / 1000)
      const env = { HEALTH_TIMEOUT: seconds, DATABASE_CONNECT_TIMEOUT: seconds }
      const database = await createDatabase({ ...testConfig(env).database, url: proxy.url(url) })
      t.teardown(async () => {
        await proxy.restore()
        await database.close()
        await proxy.close()
      })
      const app = await build(t, { database, env })
      // Before the app closes: a request that hung still gets its answer once the database is back.
      t.teardown(async () => {
        await proxy.restore()
        await Promise.allSettled(late.splice(0))
      })
      return { app, proxy }
    }

    interface Records {
      users: { user: TestUser; record: unknown; todos: unknown[] }[]
    }

    /** Two users with three todos each, committed before any fault. */
    async function commitRecords(t: Test, app: App): Promise<Records> {
      const users: Records['users'] = []
      for (const name of ['Ada Before', 'Grace Before']) {
        const user = await registerUser(app, { name })
        for (const title of ['first', 'second', 'third']) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/todos',
            headers: user.headers,
            payload: { title: `${title} of ${name}`, description: 'committed before the outage' },
          })
          t.equal(res.statusCode, 201, 'todo committed')
        }
        users.push({ user, ...(await readBack(app, user)) })
      }
      return { users }
    }

    async function readBack(app: App, user: TestUser) {
      const record = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
      const todos = await app.inject({ method: 'GET', url: '/api/v1/todos', headers: user.headers })
      if (record.statusCode !== 200 || todos.statusCode !== 200)
        throw new Error(`read back failed: ${record.statusCode} ${todos.statusCode}`)
      return { record: record.json().data, todos: todos.json().todos as unknown[] }
    }

    async function timed(app: App, options: InjectOptions): Promise<{ res: LightMyRequestResponse; ms: number }> {
      const started = performance.now()
      const res = await app.inject(options)
      return { res, ms: performance.now() - started }
    }

    /** Requests still unanswered at their deadline: awaited before the app closes. */
    const late: Promise<unknown>[] = []

    /**
     * Waits for an answer at most DEADLINE_MS, so a hanging request is reported without holding the
     * scenario (the outage still ends on time). Undefined when it is late.
     */
    async function answerWithin(app: App, options: InjectOptions): Promise<LightMyRequestResponse | undefined> {
      const pending = app.inject(options)
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), DEADLINE_MS)
      })
      const res = await Promise.race([pending, deadline])
      clearTimeout(timer)
      if (res === undefined) late.push(pending)
      return res
    }

    /** A failure on an enveloped route while the database is away: 503 (or 500), the envelope, no internals. */
    function assertEnvelopeUnavailable(t: Test, res: LightMyRequestResponse, path: string) {
      t.ok([500, 503].includes(res.statusCode), `${path}: 503 or 500 (got ${res.statusCode})`)
      t.match(res.json(), {
        success: false,
        error: {
          code: res.statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
          message: String,
          timestamp: ISO,
          path,
          request_id: res.headers['x-request-id'],
        },
      })
      t.notOk('data' in res.json(), 'no data beside the error')
      t.notMatch(res.body, INTERNALS, 'no driver internals')
    }

    /** The same on a todo route: the plain `{ error }` body and nothing else. */
    function assertPlainUnavailable(t: Test, res: LightMyRequestResponse) {
      t.ok([500, 503].includes(res.statusCode), `todo route: 503 or 500 (got ${res.statusCode})`)
      const body = res.json()
      t.same(Object.keys(body), ['error'], 'plain { error }')
      t.type(body.error, 'string')
      t.notMatch(res.body, INTERNALS, 'no driver internals')
    }

    async function assertNotReady(t: Test, app: App) {
      const started = performance.now()
      const res = await answerWithin(app, { method: 'GET', url: '/health/ready' })
      if (!res)
        return t.fail(`readiness still unanswered after ${DEADLINE_MS}ms (health timeout ${HEALTH_TIMEOUT_MS}ms)`)
      t.equal(res.statusCode, 503, 'readiness fails')
      t.match(res.json(), { status: 'unhealthy', checks: [{ name: 'database', status: 'fail', message: String }] })
      t.notMatch(res.body, INTERNALS, 'no internals in a public probe')
      t.comment(`readiness answered in ${Math.round(performance.now() - started)}ms`)
    }

    /**
     * Keeps sending every kind of API request for OUTAGE_MS while the database is away: each must fail
     * within the deadline and in its route's shape.
     */
    async function driveOutage(t: Test, app: App, records: Records) {
      const { user } = records.users[0] as Records['users'][number]
      const requests: { options: InjectOptions & { url: string }; plain: boolean }[] = [
        {
          options: {
            method: 'POST',
            url: '/api/v1/auth/login',
            payload: { email: user.email, password: user.password },
          },
          plain: false,
        },
        { options: { method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers }, plain: false },
        { options: { method: 'GET', url: '/api/v1/todos', headers: user.headers }, plain: true },
        {
          options: { method: 'POST', url: '/api/v1/todos', headers: user.headers, payload: { title: 'during outage' } },
          plain: true,
        },
      ]
      const started = performance.now()
      let slowest = 0
      let rounds = 0
      let hung = false
      while (!hung && performance.now() - started < OUTAGE_MS) {
        rounds++
        await t.test(`round ${rounds}`, async (t) => {
          await assertNotReady(t, app)
          const live = await app.inject({ method: 'GET', url: '/health/live' })
          t.equal(live.statusCode, 200, 'the process still lives')
          for (const { options, plain } of requests) {
            const path = options.url
            const sent = performance.now()
            const res = await answerWithin(app, options)
            slowest = Math.max(slowest, performance.now() - sent)
            if (!res) {
              // The rest of this outage would only add more of the same wait.
              hung = true
              t.fail(`${options.method} ${path} still unanswered after ${DEADLINE_MS}ms: it hangs`)
              return
            }
            if (plain) assertPlainUnavailable(t, res)
            else assertEnvelopeUnavailable(t, res, path)
          }
        })
      }
      t.comment(`${rounds} rounds of requests during the outage; slowest answer ${Math.round(slowest)}ms`)
    }

    /** After the fault ends, readiness comes back by itself within the deadline and every record reads as before. */
    async function assertRecovered(t: Test, app: App, records: Records) {
      const started = performance.now()
      let status = 0
      while (performance.now() - started < DEADLINE_MS) {
        status = (await app.inject({ method: 'GET', url: '/health/ready' })).statusCode
        if (status === 200) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const ms = performance.now() - started
      t.equal(status, 200, 'ready again without a restart')
      t.ok(ms < DEADLINE_MS, `ready again ${Math.round(ms)}ms after the database came back`)

      for (const { user, record, todos } of records.users) {
        const now = await readBack(app, user)
        t.same(now.record, record, `user ${user.id} unchanged`)
        t.same(now.todos, todos, `todos of user ${user.id} unchanged, none half-written during the outage`)
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password: user.password },
        })
        t.equal(login.statusCode, 200, 'the stored password still logs in')
      }
      const { user } = records.users[0] as Records['users'][number]
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/todos',
        headers: user.headers,
        payload: { title: 'after the outage' },
      })
      t.equal(created.statusCode, 201, 'writes work again')
    }

    for (const mode of ['refuse', 'blackhole'] as CutMode[]) {
      const what = mode === 'refuse' ? 'refused' : 'partitioned (connections never answered)'
      t.test(`the database ${what}`, async (t) => {
        const { app, proxy } = await serviceBehindProxy(t)
        const records = await commitRecords(t, app)

        await proxy.cut(mode)
        await t.test('requests fail fast in the documented shape', async (t) => {
          await driveOutage(t, app, records)
        })

        await proxy.restore()
        await t.test('the service recovers by itself and nothing committed is lost', async (t) => {
          await assertRecovered(t, app, records)
        })
      })
    }

    t.test('a slow database moves readiness to degraded, then unhealthy', async (t) => {
      const { app, proxy } = await serviceBehindProxy(t)
      const user = await registerUser(app)
      // Warm the pool first: a new connection would pay several slowed round trips before its first query.
      await app.inject({ method: 'GET', url: '/health/ready' })

      // Each round trip crosses the proxy twice, so a ping costs about twice the delay per chunk: about
      // 200 ms, inside the 100-500 ms that warns. On a busy machine one ping may still pass 500 ms, so
      // the check is asked again (a few times at most) until it warns.
      proxy.slow(100)
      let degraded = await app.inject({ method: 'GET', url: '/health/ready' })
      for (let attempt = 1; attempt < 5 && degraded.json().status !== 'degraded'; attempt++)
        degraded = await app.inject({ method: 'GET', url: '/health/ready' })
      t.equal(degraded.statusCode, 200, 'degraded is still ready')
      t.match(degraded.json(), { status: 'degraded', checks: [{ name: 'database', status: 'warn' }] })
      const list = await app.inject({ method: 'GET', url: '/api/v1/todos', headers: user.headers })
      t.equal(list.statusCode, 200, 'the API still answers, slowly')

      proxy.slow(600)
      const { res, ms } = await timed(app, { method: 'GET', url: '/health/ready' })
      t.equal(res.statusCode, 503, 'too slow is not ready')
      t.match(res.json(), { status: 'unhealthy', checks: [{ name: 'database', status: 'fail' }] })
      t.ok(ms < DEADLINE_MS, `answered in ${Math.round(ms)}ms, within the health timeout`)

      await proxy.restore()
      let healthy = false
      for (let attempt = 0; attempt < 20 && !healthy; attempt++) {
        const res = await app.inject({ method: 'GET', url: '/health/ready' })
        healthy = res.statusCode === 200 && res.json().status === 'healthy'
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      t.ok(healthy, 'healthy again once the database is fast')
    })

    t.test('no promise was left rejected and unhandled', async (t) => {
      t.same(unhandled, [])
    })
  },
)
