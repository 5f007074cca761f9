import postgres from 'postgres'
import t from 'tap'
import { backend, emptyDatabase, migrationCount, uniqueEmail } from '../helper.js'
import { ensureRedis } from '../redis.js'
import { startServer } from '../server-process.js'

const skip = backend(
  'postgres',
  'several instances share a PostgreSQL server; the embedded database belongs to one process',
)
t.test('two instances on one empty database and one Redis', { skip }, async (t) => {
  const redisUrl = await ensureRedis()
  const { url } = await emptyDatabase(t)

  const limit = 12
  const env = {
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_REQUESTS: String(limit),
    RATE_LIMIT_WINDOW: '1h',
    TRUST_PROXY: 'true',
  }
  // Both start at once against the empty database: the migration lock lets exactly one migrate.
  const [a, b] = await Promise.all([startServer(t, env), startServer(t, env)])

  const db = postgres(url, { max: 1, onnotice: () => {} })
  t.teardown(() => db.end())
  const applied = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
  t.equal(applied[0]?.n, migrationCount(), 'each migration applied once')
  const roles = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM roles`
  t.equal(roles[0]?.n, 2, 'the built-in roles seeded once')

  // Behind a trusted proxy the client is X-Forwarded-For: a fresh address per run is a fresh bucket in
  // the shared Redis, whatever earlier runs left there.
  const randomClient = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`
  const defaultClient = randomClient()
  const call = (base: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': defaultClient, ...init.headers },
    })
  const tokenOf = async (res: Response) =>
    ((await res.json()) as { data: { refresh_token: string } }).data.refresh_token

  t.test('a token rotated on one instance and reused on the other revokes the family', async (t) => {
    const email = uniqueEmail('cluster')
    const registered = await call(a.url, '/api/v1/auth/register', {
      method: 'POST',
      body: JSON.stringify({ name: 'Cluster User', email, password: 'secret-pass' }),
    })
    t.equal(registered.status, 200)
    const first = await tokenOf(registered)
    const rotated = await call(a.url, '/api/v1/auth/refresh', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    })
    t.equal(rotated.status, 200)
    const second = await tokenOf(rotated)
    const reused = await call(b.url, '/api/v1/auth/refresh', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    })
    t.equal(reused.status, 401, 'reuse detected on the other instance')
    const revoked = await call(a.url, '/api/v1/auth/refresh', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: second }),
    })
    t.equal(revoked.status, 401, 'the family is revoked for both')
  })

  t.test('the rate limit holds across both instances', async (t) => {
    const client = randomClient()
    const statuses: number[] = []
    for (let i = 0; i < limit + 6; i++) {
      const res = await call(i % 2 === 0 ? a.url : b.url, '/api/v1/nope', { headers: { 'x-forwarded-for': client } })
      statuses.push(res.status)
      await res.arrayBuffer()
    }
    t.equal(statuses.filter((status) => status === 404).length, limit, 'exactly the limit passes, across both')
    t.equal(statuses.filter((status) => status === 429).length, 6)
  })
})
