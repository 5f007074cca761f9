import { randomInt } from 'node:crypto'
import t from 'tap'
import { build, manualClock, registerUser, uniqueEmail } from '../helper.js'
import { ensureRedis } from '../redis.js'

const THREE_FAILURES = {
  LOGIN_THROTTLE_ENABLED: 'true',
  LOGIN_THROTTLE_ACCOUNT_FAILURES: '3',
  LOGIN_THROTTLE_ACCOUNT_WINDOW: '1h',
  LOGIN_THROTTLE_ADDRESS_FAILURES: '5',
  LOGIN_THROTTLE_ADDRESS_WINDOW: '1h',
  // A busy machine's first hash (the worker thread starting) must not meet the 10 s deadline.
  SERVER_WRITETIMEOUT: '60s',
}

type App = Awaited<ReturnType<typeof build>>
const login = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress })

/** The answer without what differs on every request. */
const shape = (res: Awaited<ReturnType<typeof login>>) => {
  const body = res.json()
  delete body.error?.request_id
  delete body.error?.timestamp
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body }
}

t.test('past the limit an account answers 429, identically whether it exists or not', async (t) => {
  const app = await build(t, { env: THREE_FAILURES, clock: manualClock().now })
  const user = await registerUser(app)
  const unknown = uniqueEmail('nobody')
  const answers: Record<string, ReturnType<typeof shape>[]> = { known: [], unknown: [] }
  // The clock stands still, so both sequences see the same Retry-After.
  for (let i = 0; i < 4; i++) {
    answers.known?.push(shape(await login(app, user.email, 'wrong password', `198.51.100.${10 + i}`)))
    answers.unknown?.push(shape(await login(app, unknown, 'wrong password', `198.51.100.${20 + i}`)))
  }
  t.same(
    answers.known?.map((answer) => answer.status),
    [401, 401, 401, 429],
  )
  t.same(answers.known, answers.unknown, 'the same answers for an unknown email')
  const refused = answers.known?.[3]
  t.equal(refused?.retryAfter, '1200', 'one failure is forgiven every 20 minutes')
  t.match(refused?.body, {
    success: false,
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'Rate limit exceeded',
      details: { retry_after: 1200, limit: 3, window: '1h' },
    },
  })

  const correct = await login(app, user.email, user.password, '198.51.100.99')
  t.equal(correct.statusCode, 429, 'a correct password from a new address waits too: nothing is learnt by guessing')
  t.equal(
    (await login(app, user.email.toUpperCase(), 'wrong', '198.51.100.98')).statusCode,
    429,
    'the count is per account, whatever the case of the email',
  )
})

t.test('an address that logged in before is not held back by failures from elsewhere', async (t) => {
  const app = await build(t, { env: THREE_FAILURES, clock: manualClock().now })
  const user = await registerUser(app)
  const home = '192.0.2.7'
  t.equal((await login(app, user.email, user.password, home)).statusCode, 200, 'logs in once from home')

  for (let i = 0; i < 3; i++) await login(app, user.email, 'guess', `203.0.113.${i + 1}`)
  t.equal((await login(app, user.email, 'guess', '203.0.113.50')).statusCode, 429, 'the attacker is held back')
  t.equal((await login(app, user.email, user.password, home)).statusCode, 200, 'the owner still logs in from home')

  // Guessing from the owner's own address is capped by a count of its own.
  const fromHome = []
  for (let i = 0; i < 4; i++) fromHome.push((await login(app, user.email, 'guess', home)).statusCode)
  t.same(fromHome, [401, 401, 401, 429])
})

t.test('successful logins are not counted, and an address is capped across accounts', async (t) => {
  const app = await build(t, { env: THREE_FAILURES, clock: manualClock().now })
  const user = await registerUser(app)
  const address = '198.51.100.200'
  for (let i = 0; i < 6; i++)
    t.equal((await login(app, user.email, user.password, `198.51.100.${150 + i}`)).statusCode, 200)

  const statuses = []
  for (let i = 0; i < 6; i++) statuses.push((await login(app, uniqueEmail('spray'), 'guess', address)).statusCode)
  t.same(statuses, [401, 401, 401, 401, 401, 429], 'five failures per address, whichever accounts')
})

t.test('LOGIN_THROTTLE_ENABLED=false lets every attempt through', async (t) => {
  const app = await build(t, { env: { ...THREE_FAILURES, LOGIN_THROTTLE_ENABLED: 'false' } })
  const email = uniqueEmail('free')
  for (let i = 0; i < 5; i++) t.equal((await login(app, email, 'guess', '198.51.100.1')).statusCode, 401)
})

t.test('with Redis: instances share the counts and the known addresses', async (t) => {
  const env = { ...THREE_FAILURES, REDIS_URL: await ensureRedis() }
  const [first, second] = [await build(t, { env }), await build(t, { env })]
  // Addresses of this run's own: the counts outlive the test in the shared Redis.
  const net = `10.${randomInt(256)}.${randomInt(256)}`
  const at = (host: number) => `${net}.${host}`
  // Registered where nothing throttles: registrations count per address, and in the shared Redis every
  // run would register from the same one.
  const user = await registerUser(await build(t))
  const home = at(200)
  t.equal((await login(first, user.email, user.password, home)).statusCode, 200, 'the owner logs in from home')

  const unknown = uniqueEmail('nobody')
  for (let i = 0; i < 3; i++) {
    t.equal((await login(first, user.email, 'guess', at(i + 1))).statusCode, 401)
    t.equal((await login(first, unknown, 'guess', at(i + 11))).statusCode, 401)
  }
  const known = await login(second, user.email, 'guess', at(4))
  const nobody = await login(second, unknown, 'guess', at(14))
  t.equal(known.statusCode, 429, 'the other instance holds the account back')
  t.equal(nobody.statusCode, 429, 'and an unknown email the same')
  t.match(known.headers['retry-after'], /^\d+$/)
  t.same(
    { ...known.json().error, request_id: undefined, timestamp: undefined, details: undefined },
    { ...nobody.json().error, request_id: undefined, timestamp: undefined, details: undefined },
    'with the same answer',
  )
  t.equal(
    (await login(second, user.email, user.password, home)).statusCode,
    200,
    'while the owner, from an address the first instance saw log in, is not held back',
  )
})
