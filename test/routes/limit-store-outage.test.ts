import { setTimeout as delay } from 'node:timers/promises'
import { Redis } from 'ioredis'
import t from 'tap'
import { build, captureLogs, registerUser, scrapeMetrics } from '../helper.js'
import { ownRedis } from '../redis.js'

const COUNTED = '/api/v1/nope'
const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_REQUESTS: '3',
  RATE_LIMIT_WINDOW: '1h',
  LOGIN_THROTTLE_ENABLED: 'true',
  LOGIN_THROTTLE_ACCOUNT_FAILURES: '3',
  LOGIN_THROTTLE_ACCOUNT_WINDOW: '1h',
  LOGIN_THROTTLE_ADDRESS_FAILURES: '50',
  LOGIN_THROTTLE_ADDRESS_WINDOW: '1h',
  LOG_LEVEL: 'info',
}

let addresses = 0
/** An address no other request of this file has used: its rate-limit bucket is full. */
const freshAddress = () => `198.51.100.${++addresses}`

/** The value of one series in a Prometheus exposition. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

t.test(
  'a Redis outage: both limits hold from memory, say so once, count it, and use Redis again once it is back',
  async (t) => {
    const redis = await ownRedis(t)
    const logs = captureLogs()
    const app = await build(t, { env: { ...LIMITS, REDIS_URL: redis.url }, logStream: logs.stream })
    const user = await registerUser(app)
    const wrongLogin = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: 'a wrong guess' },
        remoteAddress: freshAddress(),
      })
    const outageLines = () => logs.lines.filter((line) => /store (unreachable|reachable again)/.test(String(line.msg)))

    const reader = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 })
    reader.on('error', () => {})
    t.teardown(() => reader.disconnect())
    const before = freshAddress()
    t.equal((await app.inject({ method: 'GET', url: COUNTED, remoteAddress: before })).statusCode, 404)
    t.equal(await reader.exists(`rate-limit:${before}`), 1, 'with Redis up, the bucket is in Redis')
    reader.disconnect()

    await redis.stop()
    const steady = freshAddress()
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await app.inject({ method: 'GET', url: COUNTED, remoteAddress: steady })).statusCode)
    t.same(statuses, [404, 404, 404, 429, 429], 'the rate limit still holds, from this instance’s memory')
    const logins = []
    for (let i = 0; i < 5; i++) logins.push((await wrongLogin()).statusCode)
    t.same(logins, [401, 401, 401, 429, 429], 'the login throttle still holds too')

    t.same(
      outageLines().map((line) => [line.level, line.store]),
      [
        [40, 'rate_limit'],
        [40, 'login_throttle'],
      ],
      'one warning per limit for the whole outage',
    )
    let metrics = await scrapeMetrics(app)
    t.equal(sample(metrics, 'limit_store_fallbacks_total{store="rate_limit"}'), 1, 'the outage is counted')
    t.equal(sample(metrics, 'limit_store_fallbacks_total{store="login_throttle"}'), 1)
    t.equal(sample(metrics, 'limit_store_fallback_active{store="rate_limit"}'), 1)

    // A new, empty Redis on the same port: once the client has reconnected, the buckets are Redis's again.
    await redis.start()
    const deadline = Date.now() + 60_000
    let back = false
    while (!back && Date.now() < deadline) {
      await app.inject({ method: 'GET', url: COUNTED, remoteAddress: freshAddress() })
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.com', password: 'a wrong guess' },
        remoteAddress: freshAddress(),
      })
      back = outageLines().length === 4
      if (!back) await delay(100)
    }
    t.ok(back, 'both limits say once that Redis is back')
    t.same(
      outageLines()
        .slice(2)
        .map((line) => line.level)
        .sort(),
      [30, 30],
    )
    t.equal(
      (await app.inject({ method: 'GET', url: COUNTED, remoteAddress: steady })).statusCode,
      404,
      'the address refused from memory is counted in the empty Redis now',
    )
    await reader.connect()
    t.equal(await reader.exists(`rate-limit:${steady}`), 1, 'its bucket is in Redis')
    metrics = await scrapeMetrics(app)
    t.equal(sample(metrics, 'limit_store_fallback_active{store="rate_limit"}'), 0)
    t.equal(sample(metrics, 'limit_store_fallbacks_total{store="rate_limit"}'), 1)
    t.notMatch(logs.raw.join(''), /"level":50/, 'nothing at error level')
  },
)
