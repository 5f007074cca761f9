import postgres from 'postgres'
import t from 'tap'
import { adminUrl } from '../backend.js'
import { backend, build, freshDatabase } from '../helper.js'

/** A fake monotonic clock: each ping advances it by `latency` ms, so latency classes need no sleeping. */
function slowPing(latency: number) {
  let now = 0
  return {
    monotonicNow: () => now,
    databasePing: async () => {
      now += latency
    },
  }
}

t.test('GET /health/ready passes a fast database', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), {
    status: 'healthy',
    version: '1.0.0',
    timestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    uptime: /^(\d+[hm] )*\d+s$/,
    checks: [{ name: 'database', status: 'pass', response_time: /ms$|µs$/, message: String }],
  })
  t.notOk('success' in res.json(), 'no envelope')
  t.ok(res.headers['x-request-id'])
})

for (const [latency, check, status, code] of [
  [99, 'pass', 'healthy', 200],
  [100, 'warn', 'degraded', 200],
  [500, 'warn', 'degraded', 200],
  [501, 'fail', 'unhealthy', 503],
] as const) {
  t.test(`a ${latency}ms database answer is ${check} and ${status}`, async (t) => {
    const app = await build(t, slowPing(latency))
    const ready = await app.inject({ method: 'GET', url: '/health/ready' })
    t.equal(ready.statusCode, code)
    t.match(ready.json(), { status, checks: [{ name: 'database', status: check, response_time: `${latency}ms` }] })
    const overall = await app.inject({ method: 'GET', url: '/health' })
    t.equal(overall.statusCode, 200, '/health is always 200')
    t.match(overall.json(), { status })
    t.notOk('checks' in overall.json(), '/health lists no checks')
  })
}

t.test('a database that cannot be reached fails with 0s', async (t) => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
  const app = await build(t, {
    databasePing: async () => {
      throw refused
    },
  })
  const res = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(res.statusCode, 503)
  t.match(res.json(), {
    status: 'unhealthy',
    checks: [{ name: 'database', status: 'fail', response_time: '0s', message: /could not be made/ }],
  })
  t.notMatch(res.body, /ECONNREFUSED|127\.0\.0\.1/, 'no internals in a public probe')
})

// docs/contract.md: the server refusing the connection while it is being made is no connection either.
t.test('a connection the server refuses while it is being made fails with 0s', async (t) => {
  for (const [code, what] of [
    ['3D000', 'database "gone" does not exist'],
    ['28P01', 'password authentication failed for user "svc"'],
    ['53300', 'sorry, too many clients already'],
    ['57P03', 'the database system is starting up'],
  ] as const) {
    const refused = Object.assign(new Error(what), { code })
    const app = await build(t, {
      databasePing: async () => {
        throw refused
      },
    })
    const res = await app.inject({ method: 'GET', url: '/health/ready' })
    t.equal(res.statusCode, 503, code)
    t.match(res.json().checks, [{ status: 'fail', response_time: '0s', message: /could not be made/ }], code)
  }
})

t.test(
  'a database dropped while the service runs: no connection can be made, 0s',
  { skip: backend('postgres', 'dropping a database needs PostgreSQL') },
  async (t) => {
    const database = await freshDatabase()
    t.teardown(() => database.close())
    const app = await build(t, { database })
    t.equal((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, 200, 'ready before')

    const name = new URL(database.url ?? '').pathname.slice(1)
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
    await admin.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`)
    await admin.end()

    const res = await app.inject({ method: 'GET', url: '/health/ready' })
    t.equal(res.statusCode, 503)
    t.match(res.json(), {
      status: 'unhealthy',
      checks: [{ name: 'database', status: 'fail', response_time: '0s', message: /could not be made/ }],
    })
  },
)

t.test('a database that never answers fails at HEALTH_TIMEOUT', async (t) => {
  const app = await build(t, { env: { HEALTH_TIMEOUT: '50ms' }, databasePing: () => new Promise(() => {}) })
  const res = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(res.statusCode, 503)
  t.match(res.json(), { status: 'unhealthy', checks: [{ status: 'fail', message: /within 50ms/ }] })
})

t.test('HEALTH_DATABASE_CHECK_ENABLED=false lists no database check', async (t) => {
  const app = await build(t, {
    env: { HEALTH_DATABASE_CHECK_ENABLED: 'false', APP_VERSION: '2.3.4' },
    databasePing: async () => {
      throw new Error('must not be called')
    },
  })
  const res = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(res.statusCode, 200)
  t.same(res.json().checks, [])
  t.equal(res.json().version, '2.3.4')
})

t.test('GET /health/live is healthy even when the database is down', async (t) => {
  const app = await build(t, {
    databasePing: async () => {
      throw new Error('down')
    },
  })
  const res = await app.inject({ method: 'GET', url: '/health/live' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { status: 'healthy', version: '1.0.0' })
  t.notOk('checks' in res.json())
})
