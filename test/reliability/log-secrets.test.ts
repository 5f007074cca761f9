/**
 * Secrets never reach the log. A full account flow runs at the most verbose log level, server faults
 * included (forced through injected failing dependencies), and no log line may contain a password, a
 * raw refresh token, an access token or the signing secret. Every request writes exactly one request
 * line carrying its request id, at the level its status calls for.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { createPasswordHasher, type PasswordHasher } from '../../src/services/passwords.js'
import { build, captureLogs, TEST_SECRET, uniqueEmail } from '../helper.js'

const REQUEST_LINES = new Set(['request completed', 'request rejected', 'request failed'])

/** The real bcrypt pool, with a switch that makes the next hash or compare fail like a crashed worker. */
function switchableHasher(real: PasswordHasher) {
  let failing = false
  const fail = () => Promise.reject(new Error('password worker exited unexpectedly'))
  const hasher: PasswordHasher = {
    hash: (password) => (failing ? fail() : real.hash(password)),
    verify: (password, hash) => (failing ? fail() : real.verify(password, hash)),
    needsRehash: (hash) => real.needsRehash(hash),
    costsInUse: (costs) => real.costsInUse(costs),
    close: () => real.close(),
  }
  return {
    hasher,
    set failing(value: boolean) {
      failing = value
    },
  }
}

/** The wall clock, with a switch that makes it answer an invalid date, so storing a token fails. */
function switchableClock() {
  let broken = false
  return {
    now: () => (broken ? new Date(Number.NaN) : new Date()),
    set broken(value: boolean) {
      broken = value
    },
  }
}

t.test('no secret reaches the log, and every request writes one line', async (t) => {
  const logs = captureLogs()
  const real = createPasswordHasher({ cost: 4, workers: 1 })
  t.teardown(() => real.close())
  const passwords = switchableHasher(real)
  const clock = switchableClock()
  const app = await build(t, {
    env: { LOG_LEVEL: 'trace' },
    logStream: logs.stream,
    passwords: passwords.hasher,
    clock: clock.now,
  })

  // Everything secret that the flow sends or receives; the log must contain none of it.
  const secrets = new Set<string>([TEST_SECRET])
  const keep = (...values: string[]) => {
    for (const value of values) secrets.add(value)
  }
  /** A JWT leaks as a whole and by its signature, which alone lets nobody forge, but identifies it. */
  const keepToken = (token: string) => keep(token, token.split('.')[2] as string)
  /** The token pair an answer carries, kept as secrets and returned. */
  const keepPair = (res: LightMyRequestResponse): { access_token: string; refresh_token: string } => {
    const pair = res.json().data
    keepToken(pair.access_token)
    keep(pair.refresh_token)
    return pair
  }

  const answers: { res: LightMyRequestResponse; label: string }[] = []
  const send = async (label: string, options: InjectOptions) => {
    const res = await app.inject(options)
    answers.push({ res, label })
    return res
  }
  const sendRefresh = (label: string, token: string) =>
    send(label, { method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } })
  const json = { 'content-type': 'application/json' }

  const email = uniqueEmail('secrets')
  const password = 'RightPassword0123456789'
  const wrongPassword = 'WrongPassword9876543210'
  keep(password, wrongPassword)

  const registered = await send('register', {
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Secret Keeper', email, password },
  })
  t.equal(registered.statusCode, 200, 'registered')
  keepPair(registered)
  const userId: number = registered.json().data.user.id

  const wrong = await send('login with a wrong password', {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: wrongPassword },
  })
  t.equal(wrong.statusCode, 401, 'wrong password refused')

  const login = await send('login', { method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })
  t.equal(login.statusCode, 200, 'logged in')
  const second = keepPair(login)

  const refreshed = await sendRefresh('refresh', second.refresh_token)
  t.equal(refreshed.statusCode, 200, 'refreshed')
  const third = keepPair(refreshed)

  const reused = await sendRefresh('refresh with a used token', second.refresh_token)
  t.equal(reused.statusCode, 401, 'reuse refused')

  const headers = { authorization: `Bearer ${third.access_token}` }
  const read = await send('read own user', { method: 'GET', url: `/api/v1/users/${userId}`, headers })
  t.equal(read.statusCode, 200, 'read with the access token')
  const todo = await send('create todo', {
    method: 'POST',
    url: '/api/v1/todos',
    headers,
    payload: { title: 'keep it secret' },
  })
  t.equal(todo.statusCode, 201, 'todo created')

  const logout = await send('logout', {
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { ...headers, ...json },
    payload: JSON.stringify({ refresh_token: third.refresh_token }),
  })
  t.equal(logout.statusCode, 200, 'logged out')

  // 401s that carry a bearer token: tampered, signed with another secret, on an enveloped and a todo route.
  const tampered = `${third.access_token.slice(0, -4)}AAAA`
  keepToken(tampered)
  for (const [label, url] of [
    ['401 on a user route', `/api/v1/users/${userId}`],
    ['401 on a todo route', '/api/v1/todos'],
  ] as const) {
    const res = await send(label, { method: 'GET', url, headers: { authorization: `Bearer ${tampered}` } })
    t.equal(res.statusCode, 401, label)
  }
  const unknownRefresh = 'f'.repeat(64)
  keep(unknownRefresh)
  const unknown = await sendRefresh('refresh with an unknown token', unknownRefresh)
  t.equal(unknown.statusCode, 401, 'unknown refresh token refused')

  // Malformed bodies that carry a password: the parser's error text quotes the body it refused.
  const malformedPassword = 'MalformedPassword13579'
  const protoPassword = 'ProtoPassword24680'
  const hugePassword = 'HugeBodyPassword112233'
  const textPassword = 'PlainTextPassword445566'
  keep(malformedPassword, protoPassword, hugePassword, textPassword)
  for (const [label, options, status] of [
    [
      'truncated JSON',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: json,
        payload: `{"email":"${email}","password":"${malformedPassword}"`,
      },
      400,
    ],
    [
      'JSON with a prototype key',
      {
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: json,
        payload: `{"name":"Proto","email":"p@example.com","password":"${protoPassword}","__proto__":{"admin":true}}`,
      },
      400,
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: json,
        payload: JSON.stringify({ email, password: hugePassword, padding: 'x'.repeat(70_000) }),
      },
      413,
    ],
    [
      'a password as plain text',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: `email=${email}&password=${textPassword}`,
      },
      400,
    ],
  ] as const) {
    const res = await send(label, options as InjectOptions)
    t.equal(res.statusCode, status, label)
  }

  // Server faults, forced through injected dependencies: each must be a 500 whose log line says why
  // without quoting what the caller sent.
  const failedRegisterPassword = 'FailedRegisterPassword778899'
  keep(failedRegisterPassword)
  passwords.failing = true
  const failedRegister = await send('register while hashing fails', {
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Unlucky', email: uniqueEmail('secrets'), password: failedRegisterPassword },
  })
  const failedLogin = await send('login while hashing fails', {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  })
  passwords.failing = false
  t.equal(failedRegister.statusCode, 500, 'a failing hasher is a 500 on register')
  t.equal(failedLogin.statusCode, 500, 'and on login')

  const fresh = await send('login again', { method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })
  const fourth = keepPair(fresh)
  clock.broken = true
  const failedRefresh = await sendRefresh('refresh while the clock is broken', fourth.refresh_token)
  clock.broken = false
  t.equal(failedRefresh.statusCode, 500, 'a refresh that cannot be stored is a 500')

  // The log, line by line.
  t.ok(logs.raw.length >= answers.length, `${logs.raw.length} log lines for ${answers.length} requests`)
  const leaks: { line: number; secret: string }[] = []
  logs.raw.forEach((line, index) => {
    for (const secret of secrets)
      if (line.includes(secret)) leaks.push({ line: index, secret: `${secret.slice(0, 6)}…` })
  })
  t.same(leaks, [], `none of ${secrets.size} secrets appears in ${logs.raw.length} log lines`)
  t.notMatch(logs.raw.join(''), /\$2[aby]\$\d\d\$/, 'no bcrypt hash either')

  const requestLines = logs.lines.filter((line) => REQUEST_LINES.has(String(line.msg)))
  t.equal(requestLines.length, answers.length, 'one request line per request, no more')
  for (const { res, label } of answers) {
    const id = res.headers['x-request-id']
    const mine = requestLines.filter((line) => line.request_id === id)
    t.equal(mine.length, 1, `${label}: one request line with request_id ${String(id)}`)
    const line = mine[0]
    if (!line) continue
    const level = res.statusCode >= 500 ? 50 : res.statusCode >= 400 ? 40 : 30
    t.equal(line.level, level, `${label}: ${res.statusCode} logged at level ${level}`)
    t.equal(line.status, res.statusCode, `${label}: the line records the status`)
  }
  const faults = requestLines.filter((line) => line.level === 50)
  t.equal(faults.length, 3, 'the three server faults are logged as errors')
  t.ok(
    faults.every(
      (line) => typeof ((line.err ?? line.error) as { message?: unknown } | undefined)?.message === 'string',
    ),
    'each with the cause it failed on',
  )
})

t.test('a request refused before routing writes its one line too', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  for (const url of ['/api/v1/users/%zz', `/api/v1/todos/${'1'.repeat(101)}`]) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 400, `${url.slice(0, 24)}…: refused as the caller's format`)
    const id = res.headers['x-request-id']
    const lines = logs.lines.filter((line) => REQUEST_LINES.has(String(line.msg)) && line.request_id === id)
    t.equal(lines.length, 1, `${url.slice(0, 24)}…: one request line`)
  }
})
