import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { rowsOf } from '../../src/db/raw-rows.js'
import {
  type App,
  build,
  captureLogs,
  decodeJwt,
  login,
  manualClock,
  refresh,
  registerUser,
  type TestUser,
} from '../helper.js'
import { codeAt, enableTotp, mfaRequest, STEP_MS, stepStart } from '../mfa.js'

const verify = (app: App, body: object, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/mfa/verify',
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  })

/** A password login of a user with TOTP on: its `mfa_token`. */
async function challenge(t: Test, app: App, user: TestUser): Promise<string> {
  const res = await login(app, user.email, user.password)
  t.equal(res.statusCode, 200)
  return res.json().data.mfa_token
}

/** A code other than the right one. */
const wrongCode = (right: string) => (right === '000000' ? '000001' : '000000')

t.test('with TOTP on, the password answers a challenge, and a code finishes the login', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const plain = await login(app, user.email, user.password)
  t.match(plain.json().data, { mfa_required: false, access_token: String, user: { id: user.id } }, 'no TOTP: a session')

  const { secret } = await enableTotp(app, user, clock.now)
  const res = await login(app, user.email, user.password)
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  const data = res.json().data
  t.same(Object.keys(data).sort(), ['expires_in', 'methods', 'mfa_required', 'mfa_token'], 'no tokens, no user')
  t.match(data, {
    mfa_required: true,
    mfa_token: /^[0-9a-f]{64}$/,
    methods: ['totp', 'recovery_code'],
    expires_in: 300,
  })
  const sessionsBefore = rowsOf<{ n: number }>(
    await app.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`),
  )[0]?.n

  clock.advance(STEP_MS)
  const verified = await verify(app, { mfa_token: data.mfa_token, code: codeAt(secret, clock.now()) })
  t.equal(verified.statusCode, 200)
  t.equal(verified.headers['cache-control'], 'no-store')
  const session = verified.json().data
  t.match(session, {
    mfa_required: false,
    access_token: String,
    refresh_token: /^[0-9a-f]{64}$/,
    token_type: 'Bearer',
    user: { id: user.id, email: user.email },
  })
  t.equal(decodeJwt(session.access_token).claims.user_id, user.id)
  t.equal((await refresh(app, session.refresh_token)).statusCode, 200, 'a session like any login’s')
  const sessionsAfter = rowsOf<{ n: number }>(
    await app.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`),
  )[0]?.n
  t.equal(sessionsAfter, (sessionsBefore ?? 0) + 1, 'one session, made by the second step')

  const reused = await verify(app, { mfa_token: data.mfa_token, code: codeAt(secret, clock.now()) })
  t.equal(reused.statusCode, 401, 'the token works once')
  t.match(reused.json(), { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired MFA token' } })

  const second = await challenge(t, app, user)
  const replay = await verify(app, { mfa_token: second, code: codeAt(secret, clock.now()) })
  t.equal(replay.statusCode, 401, 'the code that was just used does not work again')
  t.match(replay.json(), { error: { message: 'Invalid authentication code' } })
  clock.advance(STEP_MS)
  t.equal(
    (await verify(app, { mfa_token: second, code: codeAt(secret, clock.now()) })).statusCode,
    200,
    'the token outlived the wrong code; the next step’s code finishes it',
  )
})

t.test('a recovery code works once in place of a code', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const { recoveryCodes } = await enableTotp(app, user, clock.now)
  const code = recoveryCodes[3] as string

  const first = await verify(app, { mfa_token: await challenge(t, app, user), recovery_code: code })
  t.equal(first.statusCode, 200)
  t.match(first.json().data, { mfa_required: false, user: { id: user.id } })
  const again = await verify(app, { mfa_token: await challenge(t, app, user), recovery_code: code })
  t.equal(again.statusCode, 401, 'used twice')
  t.match(again.json(), { error: { message: 'Invalid authentication code' } })
  const status = (await mfaRequest(app, user, 'GET', '')).json().data
  t.same(status, { totp: true, recovery_codes_left: 9, passkeys: 0 }, 'one code gone, TOTP still on')
})

t.test('an mfa_token lives five minutes and ends at the fifth wrong code', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)

  const expiring = await challenge(t, app, user)
  clock.advance(300_000)
  const late = await verify(app, { mfa_token: expiring, code: codeAt(secret, clock.now()) })
  t.equal(late.statusCode, 401, 'five minutes later')
  t.match(late.json(), { error: { message: 'Invalid or expired MFA token' } })

  const guessed = await challenge(t, app, user)
  const right = codeAt(secret, clock.now())
  const answers: string[] = []
  for (let i = 0; i < 5; i++)
    answers.push((await verify(app, { mfa_token: guessed, code: wrongCode(right) })).json().error.message)
  t.same(answers, Array(5).fill('Invalid authentication code'))
  const after = await verify(app, { mfa_token: guessed, code: right })
  t.equal(after.statusCode, 401, 'the right code after five wrong ones')
  t.match(after.json(), { error: { message: 'Invalid or expired MFA token' } })
  t.equal(
    (await verify(app, { mfa_token: await challenge(t, app, user), code: right })).statusCode,
    200,
    'the code was not spent by the ended token: a new login uses it',
  )

  for (const body of [
    { mfa_token: 'not a token', code: right },
    { mfa_token: '', code: right },
    { code: right },
    { mfa_token: guessed },
    { mfa_token: guessed, code: right, recovery_code: 'aaaa-bbbb-cccc-dddd' },
    { mfa_token: guessed, code: '12345' },
  ]) {
    const res = await verify(app, body)
    t.ok([400, 401].includes(res.statusCode), `${JSON.stringify(body)}: ${res.statusCode}`)
    t.equal(res.json().success, false)
  }
})

t.test('wrong codes count in the login throttle', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, {
    clock: clock.now,
    env: {
      LOGIN_THROTTLE_ENABLED: 'true',
      LOGIN_THROTTLE_ACCOUNT_FAILURES: '4',
      LOGIN_THROTTLE_ADDRESS_FAILURES: '100',
      SERVER_WRITETIMEOUT: '60s',
    },
  })
  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)
  clock.advance(STEP_MS)
  const right = codeAt(secret, clock.now())
  const token = await challenge(t, app, user)
  const statuses: number[] = []
  for (let i = 0; i < 4; i++)
    statuses.push((await verify(app, { mfa_token: token, code: wrongCode(right) })).statusCode)
  t.same(statuses, [401, 401, 401, 401])
  const held = await verify(app, { mfa_token: token, code: right })
  t.equal(held.statusCode, 429, 'four wrong codes: the account waits, though the token would take a fifth')
  t.match(held.json(), { error: { code: 'TOO_MANY_REQUESTS' } })
  t.ok(held.headers['retry-after'])
  t.equal((await login(app, user.email, user.password)).statusCode, 429, 'the password step shares the count')
})

t.test('a password change after the first step: the second step gets the login 401', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)
  const token = await challenge(t, app, user)
  const changed = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}/password`,
    headers: user.headers,
    payload: { current_password: user.password, new_password: 'another passphrase' },
  })
  t.equal(changed.statusCode, 200)
  clock.advance(STEP_MS)
  const res = await verify(app, { mfa_token: token, code: codeAt(secret, clock.now()) })
  t.equal(res.statusCode, 401)
  t.match(res.json(), { error: { message: 'Invalid email or password' } })
})

t.test('logins with a second factor are audited', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const { recoveryCodes } = await enableTotp(app, user, clock.now)
  await verify(app, { mfa_token: await challenge(t, app, user), recovery_code: 'zzzz-zzzz-zzzz-zzzz' })
  await verify(app, { mfa_token: await challenge(t, app, user), recovery_code: recoveryCodes[0] })
  await app.audit.flush()
  const rows = rowsOf<{ type: string; details: unknown }>(
    await app.db.execute(sql`SELECT type, details FROM audit_events WHERE user_id = ${user.id} ORDER BY id`),
  )
  const after = rows.slice(rows.findIndex((row) => row.type === 'mfa.totp_enabled') + 1)
  t.same(
    after.map((row) => row.type),
    ['login.mfa_required', 'mfa.verify_failed', 'login.mfa_required', 'login.succeeded', 'mfa.recovery_code_used'],
  )
  t.match(JSON.stringify(after[3]?.details), /"second_factor":\s*"recovery_code"/)
})

t.test('no secret, code, recovery code or mfa_token reaches the log', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const logs = captureLogs()
  const app = await build(t, { clock: clock.now, env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  const user = await registerUser(app)
  const { secret, recoveryCodes } = await enableTotp(app, user, clock.now)
  const token = await challenge(t, app, user)
  const wrong = wrongCode(codeAt(secret, clock.now()))
  await verify(app, { mfa_token: token, code: wrong })
  await verify(app, { mfa_token: token, code: 'x'.repeat(7) })
  await verify(app, { mfa_token: token, recovery_code: recoveryCodes[1] })
  await mfaRequest(app, user, 'DELETE', '/totp', { password: user.password, recovery_code: recoveryCodes[2] })
  const raw = logs.raw.join('')
  t.ok(logs.lines.length >= 7, 'the requests were logged')
  // Six-digit codes are left out: so short a string could turn up in any timestamp.
  const secrets = [secret, token, ...recoveryCodes, ...recoveryCodes.map((code) => code.replaceAll('-', ''))]
  for (const value of secrets) t.notOk(raw.includes(value), 'a secret value reaches no log line')
})
