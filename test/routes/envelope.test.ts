import t, { type Test } from 'tap'
import { build, captureLogs, ISO } from '../helper.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const LOGIN = '/api/v1/auth/login'
const JSON_TYPE = { 'content-type': 'application/json' }

t.test('an unknown route is a 404 NOT_FOUND envelope', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?page=2' })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /^application\/json/)
  t.same(Object.keys(res.json()).sort(), ['error', 'success'], 'no data beside the error')
  t.match(res.json(), {
    success: false,
    error: {
      code: 'NOT_FOUND',
      message: 'Route not found',
      timestamp: ISO,
      path: '/api/v1/nothing-here',
      request_id: UUID,
    },
  })
  t.equal(res.json().error.request_id, res.headers['x-request-id'])
})

t.test('an unknown method on a known path is a 404 NOT_FOUND envelope', async (t) => {
  const app = await build(t)
  for (const [method, url] of [
    ['PATCH', '/health/live'],
    ['DELETE', '/health'],
    ['PUT', LOGIN],
    ['GET', LOGIN],
  ] as const) {
    const res = await app.inject({ method, url })
    t.equal(res.statusCode, 404, `${method} ${url}`)
    t.match(res.json(), { success: false, error: { code: 'NOT_FOUND', path: url, request_id: String } })
  }
})

t.test('X-Request-ID: the caller’s id when it is safe to echo, otherwise a new UUID', async (t) => {
  const app = await build(t)
  const echoed = ['abc-123', 'A.b_c:d-9', 'x', 'r'.repeat(128)]
  for (const id of echoed) {
    const res = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': id } })
    t.equal(res.headers['x-request-id'], id, `${id.slice(0, 20)} (${id.length} chars) is echoed`)
  }
  const replaced = ['r'.repeat(129), 'has space', 'a/b', 'semi;colon', '<script>', 'ünïcode', '']
  for (const id of replaced) {
    const res = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': id } })
    t.match(res.headers['x-request-id'], UUID, `${JSON.stringify(id.slice(0, 20))} is replaced`)
  }
  const none = await app.inject({ method: 'GET', url: '/health/live' })
  t.match(none.headers['x-request-id'], UUID, 'a request without one gets one')
  const other = await app.inject({ method: 'GET', url: '/health/live' })
  t.not(other.headers['x-request-id'], none.headers['x-request-id'], 'a new one for each request')
})

t.test('the error envelope carries the same request id as the header', async (t) => {
  const app = await build(t)
  const kept = await app.inject({ method: 'GET', url: '/missing', headers: { 'x-request-id': 'trace-42' } })
  t.equal(kept.headers['x-request-id'], 'trace-42')
  t.equal(kept.json().error.request_id, 'trace-42')

  const replaced = await app.inject({ method: 'GET', url: '/missing', headers: { 'x-request-id': 'not safe/id' } })
  t.match(replaced.headers['x-request-id'], UUID)
  t.equal(replaced.json().error.request_id, replaced.headers['x-request-id'])
})

t.test('CORS preflight: any origin by default, PUT and DELETE allowed', async (t) => {
  const app = await build(t)
  for (const method of ['PUT', 'DELETE']) {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/1',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
        'x-request-id': `preflight-${method}`,
      },
    })
    t.equal(res.statusCode, 204, method)
    t.equal(res.body, '', 'no body')
    t.equal(res.headers['access-control-allow-origin'], '*')
    const allowed = String(res.headers['access-control-allow-methods']).split(/\s*,\s*/)
    for (const needed of ['GET', 'POST', 'PUT', 'DELETE']) t.ok(allowed.includes(needed), `${needed} allowed`)
    t.equal(res.headers['x-request-id'], `preflight-${method}`, 'a preflight carries the request id too')
  }
  const simple = await app.inject({ method: 'GET', url: '/health/live', headers: { origin: 'https://app.example' } })
  t.equal(simple.headers['access-control-allow-origin'], '*')
  t.match(simple.headers['access-control-expose-headers'], /X-Request-ID/, 'scripts may read the request id')
})

t.test('CORS_ALLOWED_ORIGINS limits cross-origin callers to the list', async (t) => {
  const app = await build(t, { env: { CORS_ALLOWED_ORIGINS: 'https://a.example' } })
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/1',
      headers: { origin, 'access-control-request-method': 'PUT' },
    })

  const listed = await preflight('https://a.example')
  t.equal(listed.statusCode, 204)
  t.equal(listed.headers['access-control-allow-origin'], 'https://a.example')
  t.match(listed.headers.vary, /Origin/, 'caches keep answers per origin')

  const other = await preflight('https://b.example')
  t.notOk(other.headers['access-control-allow-origin'], 'another origin is not allowed')

  const simple = await app.inject({ method: 'GET', url: '/health/live', headers: { origin: 'https://b.example' } })
  t.equal(simple.statusCode, 200, 'the server still answers; the browser withholds it')
  t.notOk(simple.headers['access-control-allow-origin'])
})

/** The envelope of a body the server cannot read: no parser internals, no field details. */
function assertInvalidFormat(t: Test, res: { statusCode: number; body: string; json(): unknown }, what: string) {
  t.equal(res.statusCode, 400, what)
  t.match(res.json(), {
    success: false,
    error: { code: 'VALIDATION_ERROR', message: 'Invalid request data format', path: LOGIN, request_id: String },
  })
  t.notOk('details' in (res.json() as { error: object }).error, `${what}: no details`)
  t.notMatch(
    res.body,
    /Unexpected|position|SyntaxError|FST_|JSON\.parse|prototype|Content-Type/i,
    `${what}: no internals`,
  )
}

t.test('malformed JSON is 400 `Invalid request data format`', async (t) => {
  const app = await build(t)
  for (const payload of ['{"email": "a@example.com", "password": ', '{email: "a@example.com"}', 'not json', '{}}'])
    assertInvalidFormat(t, await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload }), payload)
})

t.test('a body that is not JSON is 400 `Invalid request data format`', async (t) => {
  const app = await build(t)
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
    const res = await app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': type },
      payload: 'email=a@example.com&password=secret',
    })
    assertInvalidFormat(t, res, type)
  }
})

t.test('an empty body where one is required is 400 `Invalid request data format`', async (t) => {
  const app = await build(t)
  assertInvalidFormat(
    t,
    await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload: '' }),
    'empty JSON',
  )
  assertInvalidFormat(t, await app.inject({ method: 'POST', url: LOGIN }), 'no body at all')
  for (const payload of ['null', '[]', '"text"', '42'])
    assertInvalidFormat(t, await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload }), payload)
})

t.test('JSON with a charset is read, and reaches field validation', async (t) => {
  const app = await build(t)
  const res = await app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: '{"email": "a@example.com"}',
  })
  t.equal(res.statusCode, 400)
  t.match(res.json(), {
    success: false,
    error: { code: 'VALIDATION_ERROR', message: 'Validation failed', details: { Password: 'Password is required' } },
  })
})

t.test('a body over 64 KiB is 413 PAYLOAD_TOO_LARGE', async (t) => {
  const app = await build(t)
  /** A JSON body of exactly `bytes` bytes. */
  const bodyOf = (bytes: number) => {
    const shell = '{"email":"a@example.com","password":"","padding":""}'
    return shell.replace('"padding":""', `"padding":"${'x'.repeat(bytes - shell.length)}"`)
  }
  t.equal(Buffer.byteLength(bodyOf(64 * 1024)), 64 * 1024)

  const over = await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload: bodyOf(64 * 1024 + 1) })
  t.equal(over.statusCode, 413)
  t.match(over.json(), {
    success: false,
    error: { code: 'PAYLOAD_TOO_LARGE', message: String, path: LOGIN, request_id: String },
  })

  const atLimit = await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload: bodyOf(64 * 1024) })
  t.not(atLimit.statusCode, 413, 'exactly 64 KiB is read')
})

t.test('a body that tries to poison prototypes is 400', async (t) => {
  const app = await build(t)
  for (const payload of [
    '{"email": "a@example.com", "password": "secret-password", "__proto__": {"roles": ["admin"]}}',
    '{"email": "a@example.com", "password": "secret-password", "constructor": {"prototype": {"roles": ["admin"]}}}',
  ])
    assertInvalidFormat(t, await app.inject({ method: 'POST', url: LOGIN, headers: JSON_TYPE, payload }), payload)
})

t.test('one log line per request, with its id, at the level of its outcome', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  const bearer = 'Bearer log-test-credential-8c1d0f0e2b7a'
  const password = 'log-test-password-5e2f7a'

  const requests = [
    { id: 'log-ok', status: 200, level: 30, method: 'GET', url: '/health/live' },
    { id: 'log-404', status: 404, level: 40, method: 'GET', url: '/api/v1/unknown' },
    { id: 'log-401', status: 401, level: 40, method: 'POST', url: '/api/v1/auth/logout' },
    { id: 'log-400', status: 400, level: 40, method: 'POST', url: LOGIN },
  ] as const
  for (const request of requests) {
    const res = await app.inject({
      method: request.method,
      url: request.url,
      headers: { authorization: bearer, 'x-request-id': request.id, ...JSON_TYPE },
      // Malformed on purpose: a parser's message would quote it.
      ...(request.method === 'POST' ? { payload: `{"email": "a@example.com", "password": "${password}"` } : {}),
    })
    t.equal(res.statusCode, request.status, `${request.method} ${request.url}`)
  }

  for (const request of requests) {
    const lines = logs.lines.filter((line) => line.request_id === request.id)
    t.equal(lines.length, 1, `one line for ${request.id}`)
    t.match(lines[0], { level: request.level, request_id: request.id, status: request.status, method: request.method })
  }
  const token = bearer.slice('Bearer '.length)
  t.notOk(
    logs.raw.some((line) => line.includes(token)),
    'the Authorization header value is in no line',
  )
  t.notOk(
    logs.raw.some((line) => line.includes(password)),
    'the body’s password is in no line',
  )
})
