import { sql } from 'drizzle-orm'
import t from 'tap'
import { rowsOf } from '../../src/db/raw-rows.js'
import { type App, build, captureLogs, manualClock, registerUser, scrapeMetrics, type TestUser } from '../helper.js'
import { codeAt, enableTotp, mfaRequest, STEP_MS, stepStart } from '../mfa.js'

const status = async (app: App, user: TestUser) => (await mfaRequest(app, user, 'GET', '')).json().data

/** The user's TOTP row as stored. */
const storedFactor = async (app: App, userId: number) =>
  rowsOf<{ secret_sealed: string; enabled_at: unknown; last_used_step: unknown }>(
    await app.db.execute(sql`SELECT secret_sealed, enabled_at, last_used_step FROM mfa_totp WHERE user_id = ${userId}`),
  )[0]

t.test('enrolment with the password, a first code, ten recovery codes, and the status', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  t.same(await status(app, user), { totp: false, recovery_codes_left: 0, passkeys: 0 })

  const started = await mfaRequest(app, user, 'POST', '/totp', { password: user.password })
  t.equal(started.statusCode, 200)
  t.equal(started.headers['cache-control'], 'no-store', 'the secret is cached nowhere')
  const { secret, otpauth_uri } = started.json().data
  t.match(secret, /^[A-Z2-7]{32}$/, '160 bits in base32')
  const uri = new URL(otpauth_uri)
  t.equal(uri.protocol, 'otpauth:')
  t.equal(uri.host, 'totp')
  t.equal(uri.searchParams.get('secret'), secret)
  t.equal(uri.searchParams.get('algorithm'), 'SHA1')
  t.equal(uri.searchParams.get('digits'), '6')
  t.equal(uri.searchParams.get('period'), '30')
  t.match(decodeURIComponent(uri.pathname), user.email, 'the account is named')
  t.same(await status(app, user), { totp: false, recovery_codes_left: 0, passkeys: 0 }, 'pending is not on')

  const confirmed = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: codeAt(secret, clock.now()) })
  t.equal(confirmed.statusCode, 200)
  const codes: string[] = confirmed.json().data.recovery_codes
  t.equal(codes.length, 10)
  t.equal(new Set(codes).size, 10, 'all different')
  for (const code of codes) t.match(code, /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/)
  t.same(await status(app, user), { totp: true, recovery_codes_left: 10, passkeys: 0 })

  const again = await mfaRequest(app, user, 'POST', '/totp', { password: user.password })
  t.equal(again.statusCode, 409, 'TOTP on is not replaced by a new enrolment')
  t.match(again.json(), { error: { code: 'CONFLICT', message: 'Two-factor authentication is already on' } })

  const stored = rowsOf<{ code_hash: string }>(
    await app.db.execute(sql`SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ${user.id}`),
  )
  t.equal(stored.length, 10)
  const everything = JSON.stringify(stored)
  for (const code of codes) {
    t.notOk(everything.includes(code), 'a recovery code is stored only as a digest')
    t.notOk(everything.includes(code.replaceAll('-', '')), 'not even without its dashes')
  }
})

t.test('a code is accepted one step either side of now, at most once, and never an older one', async (t) => {
  const boundary = stepStart()
  const clock = manualClock(boundary)
  const app = await build(t, { clock: clock.now })

  const confirmWith = async (codeTime: number) => {
    const user = await registerUser(app)
    const { secret } = (await mfaRequest(app, user, 'POST', '/totp', { password: user.password })).json().data
    return mfaRequest(app, user, 'POST', '/totp/confirm', { code: codeAt(secret, codeTime) })
  }
  // The clock stands on the first millisecond of a step: the last millisecond of the one before is a step away.
  t.equal((await confirmWith(boundary - 1)).statusCode, 200, 'the step before (the code that just changed)')
  t.equal((await confirmWith(boundary + STEP_MS)).statusCode, 200, 'the step after (a clock a little fast)')
  t.equal((await confirmWith(boundary - STEP_MS - 1)).statusCode, 400, 'two steps before')
  t.equal((await confirmWith(boundary + 2 * STEP_MS)).statusCode, 400, 'two steps after')

  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)
  const replayed = await mfaRequest(app, user, 'DELETE', '/totp', {
    password: user.password,
    code: codeAt(secret, clock.now()),
  })
  t.equal(replayed.statusCode, 401, 'the code that turned TOTP on does not work again')
  t.match(replayed.json(), { error: { code: 'UNAUTHORIZED', message: 'Invalid authentication code' } })
  const older = await mfaRequest(app, user, 'DELETE', '/totp', {
    password: user.password,
    code: codeAt(secret, clock.now().getTime() - STEP_MS),
  })
  t.equal(older.statusCode, 401, 'nor the code of the step before, though it is within the drift')
  t.same(await status(app, user), { totp: true, recovery_codes_left: 10, passkeys: 0 }, 'nothing changed')

  clock.advance(STEP_MS)
  const next = await mfaRequest(app, user, 'DELETE', '/totp', {
    password: user.password,
    code: codeAt(secret, clock.now()),
  })
  t.equal(next.statusCode, 204, 'the next step’s code removes it')
  t.same(await status(app, user), { totp: false, recovery_codes_left: 0, passkeys: 0 })
  t.notOk(await storedFactor(app, user.id), 'the secret is gone')
})

t.test('bad input gets a clear error and changes nothing', async (t) => {
  const clock = manualClock(stepStart() + 5_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)

  const noEnrolment = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: '123456' })
  t.equal(noEnrolment.statusCode, 409)
  t.match(noEnrolment.json(), { error: { code: 'CONFLICT', message: 'No two-factor enrolment is in progress' } })

  const wrongPassword = await mfaRequest(app, user, 'POST', '/totp', { password: 'not the password' })
  t.equal(wrongPassword.statusCode, 401)
  t.match(wrongPassword.json(), { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } })
  t.notOk(await storedFactor(app, user.id), 'no enrolment started')

  const { secret } = (await mfaRequest(app, user, 'POST', '/totp', { password: user.password })).json().data
  const right = codeAt(secret, clock.now())
  const wrong = right === '000000' ? '000001' : '000000'
  const wrongCode = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: wrong })
  t.equal(wrongCode.statusCode, 400)
  t.match(wrongCode.json(), { error: { code: 'VALIDATION_ERROR', message: 'Invalid authentication code' } })
  t.same(await status(app, user), { totp: false, recovery_codes_left: 0, passkeys: 0 })

  for (const body of [{ code: '12345' }, { code: 'abcdef' }, { code: 123456 }, {}]) {
    const res = await mfaRequest(app, user, 'POST', '/totp/confirm', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), {
      error: { code: 'VALIDATION_ERROR', message: 'Validation failed', details: { Code: String } },
    })
  }

  // A second enrolment replaces the first: the first secret's codes no longer confirm.
  const { secret: second } = (await mfaRequest(app, user, 'POST', '/totp', { password: user.password })).json().data
  t.not(second, secret)
  const stale = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: codeAt(secret, clock.now()) })
  t.equal(stale.statusCode, 400, 'the replaced secret’s code')
  const confirmed = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: codeAt(second, clock.now()) })
  t.equal(confirmed.statusCode, 200)
  const recoveryCodes: string[] = confirmed.json().data.recovery_codes

  clock.advance(STEP_MS)
  const removal = async (body: object) => mfaRequest(app, user, 'DELETE', '/totp', body)
  const badPassword = await removal({ password: 'not the password', code: codeAt(second, clock.now()) })
  t.equal(badPassword.statusCode, 401)
  t.match(badPassword.json(), { error: { message: 'Invalid email or password' } })
  const neither = await removal({ password: user.password })
  t.equal(neither.statusCode, 400)
  t.match(neither.json(), { error: { code: 'VALIDATION_ERROR', details: { Code: /Code or RecoveryCode/ } } })
  const both = await removal({ password: user.password, code: '123456', recovery_code: recoveryCodes[0] })
  t.equal(both.statusCode, 400)
  const unknownRecovery = await removal({ password: user.password, recovery_code: 'aaaa-bbbb-cccc-dddd' })
  t.equal(unknownRecovery.statusCode, 401)
  t.match(unknownRecovery.json(), { error: { message: 'Invalid authentication code' } })
  t.same(await status(app, user), { totp: true, recovery_codes_left: 10, passkeys: 0 }, 'still on, every code left')

  const byRecovery = await removal({ password: user.password, recovery_code: recoveryCodes[0]?.toUpperCase() })
  t.equal(byRecovery.statusCode, 204, 'a recovery code (in any case) removes it too')
  const gone = await removal({ password: user.password, code: codeAt(second, clock.now()) })
  t.equal(gone.statusCode, 404)
  t.match(gone.json(), { error: { code: 'NOT_FOUND', message: 'Two-factor authentication is not on' } })

  const anonymous = await app.inject({ method: 'POST', url: '/api/v1/auth/mfa/totp', payload: { password: 'x' } })
  t.equal(anonymous.statusCode, 401, 'the routes need an access token')
})

t.test('wrong passwords and codes count in the login throttle', async (t) => {
  const clock = manualClock(stepStart() + 5_000)
  const app = await build(t, {
    clock: clock.now,
    env: {
      LOGIN_THROTTLE_ENABLED: 'true',
      LOGIN_THROTTLE_ACCOUNT_FAILURES: '3',
      LOGIN_THROTTLE_ADDRESS_FAILURES: '100',
      SERVER_WRITETIMEOUT: '60s',
    },
  })
  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)
  clock.advance(STEP_MS)
  const answers: number[] = []
  for (let i = 0; i < 3; i++)
    answers.push(
      (await mfaRequest(app, user, 'DELETE', '/totp', { password: user.password, code: '000000' })).statusCode,
    )
  const right = await mfaRequest(app, user, 'DELETE', '/totp', {
    password: user.password,
    code: codeAt(secret, clock.now()),
  })
  answers.push(right.statusCode)
  t.same(answers, [401, 401, 401, 429], 'three wrong codes, then 429 even for the right one')
  t.match(right.json(), { error: { code: 'TOO_MANY_REQUESTS' } })
  t.ok(right.headers['retry-after'])

  const other = await registerUser(app)
  const enrolments: number[] = []
  for (let i = 0; i < 4; i++)
    enrolments.push((await mfaRequest(app, other, 'POST', '/totp', { password: 'not the password' })).statusCode)
  t.same(enrolments, [401, 401, 401, 429], 'wrong passwords at enrolment count too')
  t.same(await status(app, user), { totp: true, recovery_codes_left: 10, passkeys: 0 }, 'still on')
})

t.test('the secret is stored in no readable form, and only under its own key', async (t) => {
  const clock = manualClock(stepStart() + 5_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  const { secret } = await enableTotp(app, user, clock.now)

  const bytes = Buffer.from(base32Decode(secret))
  const forms = [
    secret,
    secret.toLowerCase(),
    bytes.toString('hex'),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    bytes.toString('latin1'),
  ]
  const tables = rowsOf<{ tablename: string }>(
    await app.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`),
  ).map((row) => row.tablename)
  t.ok(tables.includes('mfa_totp'))
  let dump = ''
  for (const table of tables) {
    const rows = rowsOf<{ row: string }>(await app.db.execute(sql.raw(`SELECT (t.*)::text AS row FROM "${table}" t`)))
    dump += rows.map((row) => row.row).join('\n')
    // bytea columns as raw bytes, should any table ever hold the secret that way.
    const bytea = rowsOf<{ column_name: string }>(
      await app.db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} AND data_type = 'bytea'`,
      ),
    )
    for (const { column_name } of bytea) {
      const raw = rowsOf<{ value: string }>(
        await app.db.execute(sql.raw(`SELECT encode("${column_name}", 'escape') AS value FROM "${table}"`)),
      )
      dump += raw.map((row) => row.value).join('\n')
    }
  }
  t.ok(dump.includes(user.email), 'the dump holds the user’s rows')
  const lower = dump.toLowerCase()
  for (const form of forms) t.notOk(lower.includes(form.toLowerCase()), `no ${JSON.stringify(form).slice(0, 12)}…`)
  const stored = await storedFactor(app, user.id)
  t.match(stored?.secret_sealed, /^v1\.[\w-]{8}\.[\w-]{16}\.[\w-]+$/, 'sealed: version, key id, IV, ciphertext')
})

t.test('a rotation: the previous key still opens, each secret is sealed again under the new one', async (t) => {
  const clock = manualClock(stepStart() + 5_000)
  const oldKey = 'old-mfa-key-0123456789abcdef0123456789abcdef'
  const newKey = 'new-mfa-key-0123456789abcdef0123456789abcdef'
  const before = await build(t, { clock: clock.now, env: { MFA_ENCRYPTION_KEY: oldKey } })
  const user = await registerUser(before)
  const { secret } = await enableTotp(before, user, clock.now)
  const sealedOld = (await storedFactor(before, user.id))?.secret_sealed

  const during = await build(t, {
    clock: clock.now,
    env: { MFA_ENCRYPTION_KEY: newKey, MFA_ENCRYPTION_KEY_PREVIOUS: oldKey },
  })
  const wrong = await mfaRequest(during, user, 'DELETE', '/totp', { password: user.password, code: '000000' })
  t.equal(wrong.statusCode, 401, 'the secret opens under the previous key: a wrong code is just wrong')
  const sealedNew = (await storedFactor(during, user.id))?.secret_sealed
  t.not(sealedNew, sealedOld, 'sealed again as it was used')
  t.not(sealedNew?.split('.')[1], sealedOld?.split('.')[1], 'under another key')

  const after = await build(t, { clock: clock.now, env: { MFA_ENCRYPTION_KEY: newKey } })
  const otherUser = await registerUser(before)
  await enableTotp(before, otherUser, clock.now)
  clock.advance(STEP_MS)
  const unopened = await mfaRequest(after, otherUser, 'DELETE', '/totp', {
    password: otherUser.password,
    code: '000000',
  })
  t.equal(unopened.statusCode, 503, 'a secret no key opens is the operator’s problem, and says so')
  t.match(unopened.json(), { error: { code: 'SERVICE_UNAVAILABLE', message: /MFA_ENCRYPTION_KEY/ } })
  const removed = await mfaRequest(after, user, 'DELETE', '/totp', {
    password: user.password,
    code: codeAt(secret, clock.now()),
  })
  t.equal(removed.statusCode, 204, 'the resealed secret needs only the new key')
})

t.test('without MFA_ENCRYPTION_KEY the server warns once and enrolment is a 503 saying what is missing', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { MFA_ENCRYPTION_KEY: '', LOG_LEVEL: 'warn' }, logStream: logs.stream })
  const warnings = logs.lines.filter((line) => String(line.msg).includes('MFA_ENCRYPTION_KEY'))
  t.equal(warnings.length, 1, 'one warning at start-up')
  const user = await registerUser(app)
  const res = await mfaRequest(app, user, 'POST', '/totp', { password: user.password })
  t.equal(res.statusCode, 503)
  t.match(res.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: /MFA_ENCRYPTION_KEY/ } })
  t.same(await status(app, user), { totp: false, recovery_codes_left: 0, passkeys: 0 })
})

t.test('every change to a factor is an audit event and a metric', async (t) => {
  const clock = manualClock(stepStart() + 5_000)
  const app = await build(t, { clock: clock.now, env: { METRICS_ENABLED: 'true' } })
  const user = await registerUser(app)
  const { recoveryCodes } = await enableTotp(app, user, clock.now)
  await mfaRequest(app, user, 'DELETE', '/totp', { password: user.password, recovery_code: recoveryCodes[1] })
  await app.audit.flush()
  const types = rowsOf<{ type: string }>(
    await app.db.execute(sql`SELECT type FROM audit_events WHERE user_id = ${user.id} ORDER BY id`),
  ).map((row) => row.type)
  t.same(
    types.filter((type) => type.startsWith('mfa.')),
    ['mfa.totp_enrolment_started', 'mfa.totp_enabled', 'mfa.totp_removed'],
  )
  const metrics = await scrapeMetrics(app)
  t.match(metrics, /auth_mfa_changes_total\{change="totp_enrolment_started"\} 1/)
  t.match(metrics, /auth_mfa_changes_total\{change="totp_enabled"\} 1/)
  t.match(metrics, /auth_mfa_changes_total\{change="totp_removed"\} 1/)
})

/** RFC 4648 base32, for the test's own look at the secret's bytes. */
function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const character of text.replace(/=+$/, '')) bits += alphabet.indexOf(character).toString(2).padStart(5, '0')
  const bytes = bits.match(/.{8}/g) ?? []
  return Uint8Array.from(bytes.map((byte) => Number.parseInt(byte, 2)))
}
