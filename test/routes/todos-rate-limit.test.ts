import t from 'tap'
import { build, registerUser } from '../helper.js'

const URL = '/api/v1/todos'

t.test('a rate-limited todo request is a plain 429 with the limiter’s headers', async (t) => {
  // Three requests per hour: the registration and two todo requests, then the bucket is empty.
  const app = await build(t, {
    env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW: '1h' },
  })
  const user = await registerUser(app)
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ method: 'GET', url: URL, headers: user.headers })
    t.equal(res.statusCode, 200, `request ${i + 1} is within the limit`)
  }

  for (const [name, headers] of [
    ['with a token', user.headers],
    ['without a token', {}],
  ] as const) {
    const res = await app.inject({ method: 'GET', url: URL, headers })
    t.equal(res.statusCode, 429, name)
    const body = res.json()
    t.same(Object.keys(body).sort(), ['error', 'message', 'retry_after'], `${name}: the plain variant only`)
    t.match(body, { error: 'rate limit exceeded', message: 'Rate limit exceeded', retry_after: Number }, name)
    t.ok(body.retry_after > 0, `${name}: retry_after is in the future`)
    t.equal(res.headers['retry-after'], String(body.retry_after), `${name}: Retry-After agrees with the body`)
    t.equal(res.headers['x-ratelimit-limit'], '3', name)
    t.equal(res.headers['x-ratelimit-remaining'], '0', name)
    t.match(res.headers['x-ratelimit-reset'], /^\d+$/, name)
  }

  const created = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: { title: 'x' } })
  t.equal(created.statusCode, 429, 'writes are limited too')
  t.same(created.json(), {
    error: 'rate limit exceeded',
    message: 'Rate limit exceeded',
    retry_after: Number(created.headers['retry-after']),
  })
})
