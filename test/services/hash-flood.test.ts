import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import t, { type Test } from 'tap'
import { events, type PasswordHashEvent } from '../../src/events.js'
import { createPasswordHasher } from '../../src/services/passwords.js'
import { build, captureLogs, login, registerUser, uniqueEmail } from '../helper.js'

/** Counts the compares (or hashes) the pool has finished. */
function countCompares(t: Test, operation: PasswordHashEvent['operation'] = 'compare') {
  let compares = 0
  const listener = (event: unknown) => {
    if ((event as PasswordHashEvent).operation === operation) compares++
  }
  subscribe(events.passwordHash.name, listener)
  t.teardown(() => unsubscribe(events.passwordHash.name, listener))
  return () => compares
}

const FLOOD = 300

t.test('logins sent and abandoned are dropped before they are hashed; a real login then answers', async (t) => {
  // One thread at the production cost, so a queue forms: run one after another, 300 compares would take
  // minutes.
  const passwords = createPasswordHasher({ cost: 10, workers: 1, queueMax: FLOOD })
  t.teardown(() => passwords.close())
  const app = await build(t, { passwords, env: { SERVER_WRITETIMEOUT: '10m' } })
  const user = await registerUser(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const compares = countCompares(t)

  const body = JSON.stringify({ email: user.email, password: 'a wrong guess' })
  const request = `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      const socket = connect(port, '127.0.0.1')
      await once(socket, 'connect')
      await new Promise<void>((resolve) => socket.write(request, () => resolve()))
      socket.destroy()
    }),
  )

  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    // No kept-alive connection left behind to hold the file open.
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  t.equal(res.status, 200, 'the real login succeeds')
  // The queue is first in, first out: once the real login has been answered, every abandoned login
  // ahead of it has either run or been dropped.
  const ran = compares()
  t.ok(ran < FLOOD / 4, `${ran} compares ran for ${FLOOD} abandoned logins and one real one`)
})

t.test('a full queue answers 503 with Retry-After at once, logged as a rejection without a stack', async (t) => {
  const passwords = createPasswordHasher({ cost: 10, workers: 1, queueMax: 2 })
  t.teardown(() => passwords.close())
  const logs = captureLogs()
  const app = await build(t, {
    passwords,
    env: { SERVER_WRITETIMEOUT: '10m', LOG_LEVEL: 'info' },
    logStream: logs.stream,
  })
  const user = await registerUser(app)
  const compares = countCompares(t)

  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: 'a wrong guess' },
      }),
    ),
  )
  const statuses = answers.map((res) => res.statusCode)
  const refused = answers.filter((res) => res.statusCode === 503)
  t.equal(statuses.filter((status) => status === 401).length, 3, 'one running and two waiting were checked')
  t.equal(refused.length, 5, 'the rest were refused')
  t.equal(compares(), 3, 'refused logins were never hashed')
  for (const res of refused) {
    t.ok(Number(res.headers['retry-after']) >= 1, 'with Retry-After')
    t.match(res.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
  }
  const lines = logs.lines.filter((line) => line.status === 503)
  t.equal(lines.length, 5, 'one line per refused request')
  for (const line of lines) {
    t.equal(line.level, 40, 'at warn level: turning load away is no fault of the service')
    t.notOk((line.err as { stack?: string }).stack, 'without a stack')
    t.equal((line.err as { reason?: string }).reason, 'password queue full')
  }
})

const LOGIN = '/api/v1/auth/login'
const FLOODER = '203.0.113.66'
const OTHER = '198.51.100.7'

t.test(
  'one address flooding the hash queue neither fills it for others nor makes their logins wait for it',
  async (t) => {
    // One thread at a cost where a queue forms, and a bound the flood alone fills, so part of it is
    // refused; another address's login must not be, nor wait for the flood.
    const passwords = createPasswordHasher({ cost: 8, workers: 1, queueMax: 50 })
    t.teardown(() => passwords.close())
    const app = await build(t, { passwords, env: { SERVER_WRITETIMEOUT: '60s' } })
    const user = await registerUser(app)
    const victim = await registerUser(app)

    const answered: string[] = []
    const flood = Array.from({ length: 400 }, () =>
      app
        .inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: user.email, password: user.password },
          remoteAddress: FLOODER,
        })
        .then((res) => {
          answered.push(`flood ${res.statusCode}`)
          return res.statusCode
        }),
    )
    // The flood is queued (every inject has reached the hasher) before the other address asks.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const real = await app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: victim.email, password: victim.password },
      remoteAddress: OTHER,
    })
    const floodBefore = answered.filter((entry) => entry === 'flood 200').length
    const statuses = await Promise.all(flood)

    t.equal(real.statusCode, 200, 'the other address logs in')
    t.ok(statuses.includes(200), 'the flood is served too')
    t.ok(statuses.filter((status) => status === 200).length < 400, 'but not all of it: its share is bounded')
    t.ok(
      statuses.every((status) => status === 200 || status === 503),
      'the rest of the flood is refused with 503, nothing else',
    )
    t.ok(
      statuses.filter((status) => status === 200).length - floodBefore >= 1,
      'the other login did not wait for the flood to be done: flood logins were served after it',
    )
  },
)

t.test('an honest burst of parallel logins and registrations from one client all succeed', async (t) => {
  // The production queue settings at the test cost, with a deadline a busy machine can keep: the burst
  // waits its turn where a fixed bound of 64 refused part of it at once. At a load average of 12 the
  // queue's estimate of a two-minute wait turned part of the burst away, so the bound is ten minutes.
  const passwords = createPasswordHasher({ cost: 4, workers: 2, maxWaitMs: 600_000 })
  t.teardown(() => passwords.close())
  const app = await build(t, { passwords, env: { SERVER_WRITETIMEOUT: '600s' } })
  const user = await registerUser(app)
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? app.inject({ method: 'POST', url: LOGIN, payload: { email: user.email, password: user.password } })
        : app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: { name: 'Burst User', email: uniqueEmail('burst'), password: 'correct horse battery' },
          }),
    ),
  )
  t.same(
    answers.filter((res) => res.statusCode !== 200).map((res) => `${res.statusCode} ${res.body}`),
    [],
    'every one answered 200',
  )
})

t.test('a registration of a taken email is refused before any hash is made', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  // The hasher makes its dummy hash, which an unknown email is compared against, as it starts: on a busy
  // machine it can finish after the registration's. An unknown email's login waits for it.
  await login(app, uniqueEmail('unknown'), 'any password')
  const hashes = countCompares(t, 'hash')
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Someone Else', email: user.email.toUpperCase(), password: 'another password' },
      }),
    ),
  )
  t.same(new Set(answers.map((res) => res.statusCode)), new Set([409]), 'each is the 409')
  t.match(answers[0]?.json(), { error: { code: 'CONFLICT', message: 'Email already exists' } })
  t.equal(hashes(), 0, 'and not one hash was made for them')
})

t.test('registrations are throttled per address like logins', async (t) => {
  const app = await build(t, {
    env: { LOGIN_THROTTLE_ENABLED: 'true', LOGIN_THROTTLE_ADDRESS_FAILURES: '3', LOGIN_THROTTLE_ADDRESS_WINDOW: '1h' },
  })
  const taken = await registerUser(app)
  const register = (email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Someone', email, password: 'correct horse battery' },
      remoteAddress,
    })
  const statuses = [
    (await register(uniqueEmail(), FLOODER)).statusCode,
    (await register(taken.email, FLOODER)).statusCode,
    (await register(uniqueEmail(), FLOODER)).statusCode,
  ]
  t.same(statuses, [200, 409, 200], 'new emails and taken ones both count')
  const held = await register(uniqueEmail(), FLOODER)
  t.equal(held.statusCode, 429, 'past the limit the address is held back')
  t.ok(Number(held.headers['retry-after']) >= 1, 'with Retry-After')
  t.match(held.json(), { error: { code: 'TOO_MANY_REQUESTS', details: { limit: 3, window: '1h' } } })
  t.equal((await register(uniqueEmail(), OTHER)).statusCode, 200, 'another address is not')
})
