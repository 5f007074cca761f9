import t, { type Test } from 'tap'
import { events } from '../../src/events.js'
import { build, registerUser } from '../helper.js'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g
const SPECIAL_VALUES: Record<string, number> = { '+Inf': Infinity, '-Inf': -Infinity, NaN: Number.NaN }

/** The samples of a Prometheus text exposition; a line that is neither a comment nor a sample throws. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = SAMPLE_LINE.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const [, name = '', labelText = '', valueText = ''] = match
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, key, value]) => [key, value]))
    samples.push({ name, labels, value: SPECIAL_VALUES[valueText] ?? Number(valueText) })
  }
  return samples
}

/** Where the tests serve metrics: any free port on the loopback, never the API's. */
const METRICS_ON_LOOPBACK = { METRICS_HOST: '127.0.0.1', METRICS_PORT: '0' }

/** An app with its metrics listener started; `url` is that listener's origin. */
async function buildWithMetrics(t: Test, env: Record<string, string> = {}) {
  const app = await build(t, { env: { ...METRICS_ON_LOOPBACK, ...env } })
  return { app, url: await app.metrics.listen() }
}

async function scrape(url: string) {
  const res = await fetch(`${url}/metrics`)
  const body = await res.text()
  const samples = parseExposition(body)
  /** The value of the one sample with exactly these labels, or undefined. */
  const value = (name: string, labels: Record<string, string | number> = {}) => {
    const wanted = Object.entries(labels).map(([key, value]) => [key, String(value)])
    return samples.find(
      (sample) =>
        sample.name === name &&
        Object.keys(sample.labels).length === wanted.length &&
        wanted.every(([key = '', value]) => sample.labels[key] === value),
    )?.value
  }
  return { res, samples, value }
}

// The apps of a test file share one bcrypt pool, whose start-up dummy hash lands in whichever app is
// listening when it finishes. A login waits for that hash: one here, on an app that does not listen,
// keeps it out of the counts below.
t.before(async () => {
  const warmUp = await build(t, { env: { METRICS_ENABLED: 'false' } })
  await warmUp.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'warm-up@example.com', password: 'warm-up' },
  })
  // Its audit trail listens to the account events too: closed, it leaves them to the apps under test.
  await warmUp.close()
})

/** Eight requests a bucket, refilled over an hour: nothing comes back while a test runs. */
const EIGHT_AN_HOUR = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: '8', RATE_LIMIT_WINDOW: '1h' }

t.test('counts requests by route pattern and the account events', async (t) => {
  const { app, url } = await buildWithMetrics(t, EIGHT_AN_HOUR)
  const post = (url: string, payload: object, headers = {}) => app.inject({ method: 'POST', url, payload, headers })

  const user = await registerUser(app)
  const login = await post('/api/v1/auth/login', { email: user.email, password: user.password })
  t.equal(login.statusCode, 200, 'good login')
  t.equal((await post('/api/v1/auth/login', { email: user.email, password: 'wrong password' })).statusCode, 401)
  t.equal((await post('/api/v1/auth/refresh', { refresh_token: user.refreshToken })).statusCode, 200, 'refresh')
  t.equal((await post('/api/v1/auth/refresh', { refresh_token: user.refreshToken })).statusCode, 401, 'reuse')
  t.equal((await post('/api/v1/auth/logout', {}, user.headers)).statusCode, 200, 'logout')
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/nope/42' })).statusCode, 404)
  const ownRecord = { method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers } as const
  t.equal((await app.inject(ownRecord)).statusCode, 200, 'the eighth request is the last the bucket allows')
  t.equal((await app.inject(ownRecord)).statusCode, 429)
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/v1/nope/43' })).statusCode,
    429,
    'unknown routes are limited too',
  )

  const { res, samples, value } = await scrape(url)
  t.equal(res.status, 200)
  t.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8')

  const http = (method: string, route: string, status_code: number) =>
    value('http_requests_total', { method, route, status_code })
  t.equal(http('POST', '/api/v1/auth/register', 200), 1)
  t.equal(http('POST', '/api/v1/auth/login', 200), 1)
  t.equal(http('POST', '/api/v1/auth/login', 401), 1)
  t.equal(http('POST', '/api/v1/auth/refresh', 200), 1)
  t.equal(http('POST', '/api/v1/auth/refresh', 401), 1)
  t.equal(http('POST', '/api/v1/auth/logout', 200), 1)
  t.equal(http('GET', 'unmatched', 404), 1, 'an unknown route is labelled unmatched')
  t.equal(http('GET', 'unmatched', 429), 1)
  t.equal(http('GET', '/api/v1/users/:id', 200), 1, 'the route label is the pattern')
  t.equal(http('GET', '/api/v1/users/:id', 429), 1)
  const routes = new Set(samples.filter((sample) => sample.name === 'http_requests_total').map((s) => s.labels.route))
  t.same(
    [...routes].sort(),
    [
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/auth/refresh',
      '/api/v1/auth/register',
      '/api/v1/users/:id',
      'unmatched',
    ],
    'no raw URL among the route labels',
  )
  const registerLabels = { method: 'POST', route: '/api/v1/auth/register', status_code: 200 }
  t.equal(value('http_request_duration_seconds_count', registerLabels), 1)
  t.equal(value('http_request_duration_seconds_bucket', { ...registerLabels, le: '+Inf' }), 1)
  t.ok((value('http_request_duration_seconds_sum', registerLabels) ?? 0) > 0, 'the duration is measured')

  t.equal(value('auth_logins_total', { result: 'success' }), 1)
  t.equal(value('auth_logins_total', { result: 'failure' }), 1)
  t.equal(value('auth_refreshes_total', { outcome: 'success' }), 1)
  t.equal(value('auth_refreshes_total', { outcome: 'reused' }), 1)
  for (const outcome of ['retried', 'unknown', 'revoked', 'expired'])
    t.equal(value('auth_refreshes_total', { outcome }), 0, `${outcome} is there before it happens`)
  const revocations = (reason: string, caught_rotation = 'false') =>
    value('auth_token_revocations_total', { reason, caught_rotation })
  t.equal(revocations('reuse'), 1)
  t.equal(revocations('logout'), 1)
  t.equal(revocations('deletion'), 0)
  for (const reason of ['reuse', 'logout', 'deletion', 'session'])
    t.equal(revocations(reason, 'true'), 0, `no ${reason} caught a rotation in flight, and the series is there`)
  t.equal(value('rate_limit_rejections_total', { route: '/api/v1/users/:id' }), 1)
  t.equal(value('rate_limit_rejections_total', { route: 'unmatched' }), 1, 'and labelled unmatched')
  t.equal(value('password_hash_duration_seconds_count', { operation: 'hash' }), 1, 'register hashes once')
  t.equal(value('password_hash_duration_seconds_count', { operation: 'compare' }), 2, 'each login compares once')
  t.equal(value('password_hash_duration_seconds_bucket', { operation: 'compare', le: '2' }), 2)
  t.ok((value('password_hash_duration_seconds_sum', { operation: 'compare' }) ?? 0) > 0)
  t.ok(value('process_cpu_user_seconds_total') !== undefined, 'the process metrics are included')

  const again = await scrape(url)
  t.equal(
    again.value('http_requests_total', { method: 'GET', route: '/api/v1/users/:id', status_code: 200 }),
    1,
    'scrapes are no API requests: they count nothing',
  )
})

t.test('/metrics is served on its own listener only, never on the API port', async (t) => {
  const { app, url } = await buildWithMetrics(t, { ...EIGHT_AN_HOUR, RATE_LIMIT_REQUESTS: '1' })
  const api = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(api.statusCode, 404, 'the API answers /metrics like any unknown route')
  t.match(api.json(), { success: false, error: { code: 'NOT_FOUND' } })
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/nope' })).statusCode, 429, 'the bucket is empty')
  for (let i = 0; i < 3; i++) {
    const { res, value } = await scrape(url)
    t.equal(res.status, 200, 'the scraper is never limited')
    t.equal(value('rate_limit_rejections_total', { route: 'unmatched' }), 1, 'scrapes change no count')
  }
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/api/v1/auth/sessions'],
    ['POST', '/metrics'],
    ['GET', '/metrics/../swagger/json'],
  ] as const) {
    const res = await fetch(`${url}${path}`, { method })
    t.equal(res.status, 404, `${method} ${path} is not on the metrics listener`)
  }
  t.not(new URL(url).port, '0')
})

t.test('METRICS_ENABLED=false: there is no /metrics, and nothing listens to the events', async (t) => {
  const app = await build(t, { env: { METRICS_ENABLED: 'false' } })
  const res = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { success: false, error: { code: 'NOT_FOUND' } })
  t.notOk(events.passwordHash.hasSubscribers, 'nothing times the password hashes')
  t.notOk(app.hasDecorator('metrics'), 'and no listener to start')
})

t.test('each app counts from zero and stops listening when it closes', async (t) => {
  const channels = Object.entries(events)
  const first = await buildWithMetrics(t)
  for (const [name, channel] of channels) t.ok(channel.hasSubscribers, `${name} has a listener`)
  await first.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'a@example.com', password: 'x' },
  })
  t.equal((await scrape(first.url)).value('auth_logins_total', { result: 'failure' }), 1)
  await first.app.close()
  for (const [name, channel] of channels) t.notOk(channel.hasSubscribers, `${name} has no listener left`)
  await t.rejects(fetch(`${first.url}/metrics`), 'closing the app closes its metrics listener')

  const second = await buildWithMetrics(t)
  t.equal((await scrape(second.url)).value('auth_logins_total', { result: 'failure' }), 0, 'a new app starts at zero')
})

t.test('two apps serving at once in one process count only their own events', async (t) => {
  const first = await buildWithMetrics(t)
  const second = await buildWithMetrics(t)
  await first.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'a@example.com', password: 'x' },
  })
  t.equal((await scrape(first.url)).value('auth_logins_total', { result: 'failure' }), 1)
  t.equal(
    (await scrape(second.url)).value('auth_logins_total', { result: 'failure' }),
    0,
    'the other app heard nothing',
  )
})

t.test('the OpenAPI document does not name /metrics', async (t) => {
  const app = await build(t)
  const document = (await app.inject({ method: 'GET', url: '/swagger/json' })).json()
  t.equal(document.paths['/metrics'], undefined)
  t.notOk(
    (document.tags as { name: string }[]).some((tag) => tag.name === 'metrics'),
    'nor a metrics tag',
  )
})
