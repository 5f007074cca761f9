import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import t, { type Test } from 'tap'
import { clientKey } from '../../src/rate-limit/client-key.js'
import { build, captureLogs, ISO } from '../helper.js'
import { ensureRedis } from '../redis.js'

const THREE_PER_MINUTE = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW: '1m' }
const COUNTED = '/api/v1/nope'

/** A client address no other test run uses, so runs sharing one Redis never share a bucket. */
const uniqueAddress = () =>
  `fd00:${randomBytes(8)
    .toString('hex')
    .replace(/(.{4})(?!$)/g, '$1:')}::1`

const rateHeaders = (headers: Record<string, unknown>) => ({
  limit: Number(headers['x-ratelimit-limit']),
  remaining: Number(headers['x-ratelimit-remaining']),
  reset: Number(headers['x-ratelimit-reset']),
})

const NO_RATE_HEADERS = {
  'x-ratelimit-limit': undefined,
  'x-ratelimit-remaining': undefined,
  'x-ratelimit-reset': undefined,
  'retry-after': undefined,
}

const secondsUp = (ms: number) => Math.ceil(ms / 1000)

t.test('off by default: no headers and no limit', async (t) => {
  const app = await build(t)
  for (let i = 0; i < 5; i++) {
    const res = await app.inject({ method: 'GET', url: COUNTED })
    t.equal(res.statusCode, 404)
    t.match(res.headers, NO_RATE_HEADERS)
  }
})

t.test('RATE_LIMIT_ENABLED=false turns it off even with the other settings given', async (t) => {
  const app = await build(t, { env: { ...THREE_PER_MINUTE, RATE_LIMIT_ENABLED: 'false' } })
  for (let i = 0; i < 5; i++) t.equal((await app.inject({ method: 'GET', url: COUNTED })).statusCode, 404)
})

t.test('every limited response carries the headers; the empty bucket answers 429 in the envelope', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  const before = Date.now()
  const allowed = []
  for (let i = 0; i < 3; i++) allowed.push(await app.inject({ method: 'GET', url: COUNTED }))
  const refused = await app.inject({ method: 'GET', url: COUNTED })
  const after = Date.now()

  for (const [i, res] of allowed.entries()) {
    t.equal(res.statusCode, 404, 'an unknown route still counts')
    const { limit, remaining, reset } = rateHeaders(res.headers)
    t.equal(limit, 3)
    t.equal(remaining, 2 - i)
    // Full again (i + 1) × 20s after the first request, in Unix seconds.
    t.ok(reset >= secondsUp(before + (i + 1) * 20_000) && reset <= secondsUp(after + (i + 1) * 20_000), 'reset')
  }

  t.equal(refused.statusCode, 429)
  t.match(refused.headers, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'content-type': /json/ })
  const { reset } = rateHeaders(refused.headers)
  t.ok(reset >= secondsUp(before + 60_000) && reset <= secondsUp(after + 60_000), 'reset')
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter >= secondsUp(20_000 - (after - before)) && retryAfter <= 20, 'one token is back within 20s')
  t.same(Object.keys(refused.json()).sort(), ['error', 'success'])
  t.match(refused.json(), {
    success: false,
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'Rate limit exceeded',
      details: { retry_after: retryAfter, limit: 3, window: '1m' },
      timestamp: ISO,
      path: COUNTED,
      request_id: refused.headers['x-request-id'],
    },
  })
  t.same(Object.keys(refused.json().error.details).sort(), ['limit', 'retry_after', 'window'])
})

t.test('the older RATELIMIT_* names work, and RATE_LIMIT_* wins over them', async (t) => {
  const older = await build(t, {
    env: { RATELIMIT_ENABLED: 'true', RATELIMIT_REQUESTS: '2', RATELIMIT_WINDOW: '30s' },
  })
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await older.inject({ method: 'GET', url: COUNTED })).statusCode)
  t.same(statuses, [404, 404, 429])
  const refused = await older.inject({ method: 'GET', url: COUNTED })
  t.match(refused.json(), { error: { details: { limit: 2, window: '30s' } } })

  const both = await build(t, { env: { ...THREE_PER_MINUTE, RATELIMIT_REQUESTS: '1' } })
  t.equal((await both.inject({ method: 'GET', url: COUNTED })).headers['x-ratelimit-limit'], '3')
})

t.test('health probes and the documentation are exempt: not counted, no headers', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: COUNTED })
  t.equal((await app.inject({ method: 'GET', url: COUNTED })).statusCode, 429, 'the bucket is empty')

  for (const url of ['/health', '/health/live', '/health/ready', '/swagger/index.html']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200, url)
    t.match(res.headers, NO_RATE_HEADERS, `${url} has no rate headers`)
  }
})

t.test('the OpenAPI document and the documentation assets are exempt', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  for (let i = 0; i < 4; i++) await app.inject({ method: 'GET', url: COUNTED })
  for (const url of ['/swagger/json', '/swagger/static/swagger-ui.css']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200, url)
    t.match(res.headers, NO_RATE_HEADERS, `${url} has no rate headers`)
  }
})

t.test('exempt routes do not take tokens', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: '/health/live' })
  t.equal((await app.inject({ method: 'GET', url: COUNTED })).headers['x-ratelimit-remaining'], '2')
})

t.test('a request refused by authentication counts, and the todo routes answer 429 plainly', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/todos' })
    t.equal(res.statusCode, 401)
    t.equal(res.headers['x-ratelimit-remaining'], String(2 - i))
  }
  const refused = await app.inject({ method: 'GET', url: '/api/v1/todos' })
  t.equal(refused.statusCode, 429)
  t.equal(refused.headers['x-ratelimit-remaining'], '0')
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 20)
  t.same(refused.json(), { error: 'rate limit exceeded', message: 'Rate limit exceeded', retry_after: retryAfter })
})

t.test('each client address has its own bucket', async (t) => {
  const app = await build(t, { env: THREE_PER_MINUTE })
  const [first, second] = ['198.51.100.1', '198.51.100.2']
  for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: COUNTED, remoteAddress: first })
  t.equal((await app.inject({ method: 'GET', url: COUNTED, remoteAddress: first })).statusCode, 429)
  const other = await app.inject({ method: 'GET', url: COUNTED, remoteAddress: second })
  t.equal(other.statusCode, 404)
  t.equal(other.headers['x-ratelimit-remaining'], '2')
})

t.test('X-Forwarded-For decides the client only with TRUST_PROXY=true', async (t) => {
  const forwarded = (address: string) => ({ 'x-forwarded-for': `${address}, 10.0.0.1` })

  const direct = await build(t, { env: THREE_PER_MINUTE })
  for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
    await direct.inject({ method: 'GET', url: COUNTED, headers: forwarded(address) })
  const spoofed = await direct.inject({ method: 'GET', url: COUNTED, headers: forwarded('203.0.113.4') })
  t.equal(spoofed.statusCode, 429, 'without TRUST_PROXY a forged header buys no new bucket')

  const proxied = await build(t, { env: { ...THREE_PER_MINUTE, TRUST_PROXY: 'true' } })
  for (let i = 0; i < 3; i++) await proxied.inject({ method: 'GET', url: COUNTED, headers: forwarded('203.0.113.1') })
  t.equal(
    (await proxied.inject({ method: 'GET', url: COUNTED, headers: forwarded('203.0.113.1') })).statusCode,
    429,
    'one client behind the proxy',
  )
  const another = await proxied.inject({ method: 'GET', url: COUNTED, headers: forwarded('203.0.113.2') })
  t.equal(another.statusCode, 404, 'another client behind the same proxy')
  t.equal(another.headers['x-ratelimit-remaining'], '2')
})

t.test('the client key is the IP; with none, no header chooses it: such requests share one key', async (t) => {
  const forged = { 'x-forwarded-for': ' 203.0.113.1 , 10.0.0.1', 'x-real-ip': '203.0.113.2' }
  const withAddress = { ip: '198.51.100.7', headers: forged }
  const withoutAddress = { ip: '', headers: forged }
  t.equal(clientKey(withAddress), '198.51.100.7')
  t.equal(clientKey(withoutAddress), 'unknown', 'neither X-Forwarded-For nor X-Real-IP')
  const other = { ip: '', headers: { 'x-forwarded-for': '203.0.113.99' } }
  t.equal(clientKey(other), clientKey(withoutAddress), 'another forged header gets the same bucket')
})

/**
 * The limiter and the envelope on a small app whose clock the test moves: buildApp does not hand its
 * clock to the limiter yet. Once it does, this becomes `build(t, { env, clock })`.
 */
async function appWithClock(t: Test, requests: number, windowMs: number) {
  const clock = { now: 1_700_000_000_000 }
  const app = await build(t, {
    env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: String(requests), RATE_LIMIT_WINDOW: `${windowMs}ms` },
    clock: () => new Date(clock.now),
  })
  return { app, clock }
}

t.test('with a moving clock: tokens come back one per window / capacity', async (t) => {
  const { app, clock } = await appWithClock(t, 3, 60_000)
  const start = clock.now / 1000
  const get = () => app.inject({ method: 'GET', url: COUNTED })

  for (let i = 0; i < 3; i++) {
    const res = await get()
    t.equal(res.statusCode, 404)
    t.same(rateHeaders(res.headers), { limit: 3, remaining: 2 - i, reset: start + 20 * (i + 1) })
  }
  let refused = await get()
  t.equal(refused.statusCode, 429)
  t.same(rateHeaders(refused.headers), { limit: 3, remaining: 0, reset: start + 60 })
  t.equal(refused.headers['retry-after'], '20')
  t.match(refused.json(), { error: { details: { retry_after: 20, limit: 3, window: '1m' } } })

  clock.now += 12_500
  refused = await get()
  t.equal(refused.statusCode, 429, 'five eighths of a token')
  t.equal(refused.headers['retry-after'], '8', '7.5s, rounded up')
  t.equal(rateHeaders(refused.headers).reset, start + 60, 'the bucket fills at the same moment')

  clock.now += 7_499
  t.equal((await get()).statusCode, 429, 'a millisecond short of a token')
  t.equal((await get()).headers['retry-after'], '1', 'at least one second')

  clock.now += 1
  const allowed = await get()
  t.equal(allowed.statusCode, 404, 'one token is back after 20s')
  t.same(rateHeaders(allowed.headers), { limit: 3, remaining: 0, reset: start + 80 })

  clock.now += 60_000
  t.same(rateHeaders((await get()).headers), { limit: 3, remaining: 2, reset: start + 80 + 20 }, 'full again')
})

t.test('with a moving clock: the reset is rounded up to the next whole second', async (t) => {
  const { app, clock } = await appWithClock(t, 7, 60_000)
  clock.now += 250
  const res = await app.inject({ method: 'GET', url: COUNTED })
  // One token takes 60s / 7 = 8.571s to come back: full at +8.821s.
  t.equal(rateHeaders(res.headers).reset, 1_700_000_009)
  t.equal(rateHeaders(res.headers).remaining, 6)
})

t.test('with Redis', async (t) => {
  const redisUrl = await ensureRedis()
  const env = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW: '1h', REDIS_URL: redisUrl }

  t.test('two instances share one limit: together they allow exactly the configured number', async (t) => {
    const [first, second] = [await build(t, { env }), await build(t, { env })]
    const remoteAddress = uniqueAddress()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? first : second).inject({ method: 'GET', url: COUNTED, remoteAddress }),
      ),
    )
    const statuses = answers.map((res) => res.statusCode)
    t.equal(statuses.filter((status) => status === 404).length, 3, 'three allowed in all')
    t.equal(statuses.filter((status) => status === 429).length, 7)
    t.same(
      answers
        .filter((res) => res.statusCode === 404)
        .map((res) => res.headers['x-ratelimit-remaining'])
        .sort(),
      ['0', '1', '2'],
      'each allowed request took its own token',
    )
    const refused = answers.find((res) => res.statusCode === 429)
    t.match(refused?.json(), { error: { code: 'TOO_MANY_REQUESTS', details: { limit: 3, window: '1h' } } })
    const retryAfter = Number(refused?.headers['retry-after'])
    t.ok(retryAfter >= 1199 && retryAfter <= 1200, 'one token per 20 minutes')

    const later = await first.inject({ method: 'GET', url: COUNTED, remoteAddress: uniqueAddress() })
    t.equal(later.statusCode, 404, 'another client is not affected')
  })

  t.test('a bucket key expires once the bucket would be full again', async (t) => {
    const app = await build(t, { env })
    const remoteAddress = uniqueAddress()
    await app.inject({ method: 'GET', url: COUNTED, remoteAddress })
    const redis = new Redis(redisUrl)
    t.teardown(() => redis.quit())
    const ttl = await redis.pttl(`rate-limit:${remoteAddress}`)
    t.ok(ttl > 1_190_000 && ttl <= 1_200_000, `expires in about 20 minutes (${ttl}ms)`)
    t.same(Object.keys(await redis.hgetall(`rate-limit:${remoteAddress}`)).sort(), ['at', 'level'])
  })

  t.test('an unreachable Redis: the limit holds from memory, warns once, and the app still closes', async (t) => {
    const logs = captureLogs()
    const app = await build(t, {
      env: { ...env, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
      logStream: logs.stream,
    })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await app.inject({ method: 'GET', url: COUNTED })).statusCode)
    t.same(statuses, [404, 404, 404, 429, 429], 'never no limit: this instance counts alone')
    const warnings = logs.lines.filter((line) => String(line.msg).startsWith('rate_limit store'))
    t.same(
      warnings.map((line) => line.msg),
      ["rate_limit store unreachable; counting in this instance's memory until it is back"],
    )
    t.notMatch(logs.raw.join(''), /"level":50/, 'nothing at error level')
  })
})
