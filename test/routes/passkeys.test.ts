import { sql } from 'drizzle-orm'
import t from 'tap'
import { rowsOf } from '../../src/db/raw-rows.js'
import {
  type App,
  build,
  captureLogs,
  login,
  makeAdmin,
  manualClock,
  registerUser,
  scrapeMetrics,
  type TestUser,
} from '../helper.js'
import { enableTotp, mfaRequest, stepStart } from '../mfa.js'
import { type SoftAuthenticator, softAuthenticator } from '../soft-authenticator.js'

/**
 * Passkeys through the API with a software authenticator (the browser's own ceremony is in
 * test/client/passkeys-browser.test.ts): every refusal changes nothing, and each challenge and
 * assertion works once.
 */
const ORIGIN = 'http://localhost:3000'
const env = { PUBLIC_URL: ORIGIN }

const passkeyRequest = (
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  user?: TestUser,
  body?: object,
) =>
  app.inject({
    method,
    url: `/api/v1/auth/passkeys${path}`,
    headers: user?.headers ?? {},
    ...(body ? { payload: body } : {}),
  })

/** Registers a passkey of the authenticator for the user; the stored passkey's answer. */
async function addPasskey(app: App, user: TestUser, authenticator: SoftAuthenticator, name?: string) {
  const options = await passkeyRequest(app, 'POST', '/registration/options', user, name ? { name } : undefined)
  if (options.statusCode !== 200) throw new Error(`options failed: ${options.statusCode} ${options.body}`)
  return passkeyRequest(app, 'POST', '/registration', user, authenticator.create(options.json().data))
}

async function signIn(app: App, authenticator: SoftAuthenticator, credentialId?: string) {
  const options = (await passkeyRequest(app, 'POST', '/authentication/options')).json().data
  const assertion = authenticator.get(options, credentialId)
  return { assertion, res: await passkeyRequest(app, 'POST', '/authentication', undefined, assertion) }
}

const storedPasskeys = async (app: App, userId: number) =>
  rowsOf<{ id: number; counter: number | string; name: string }>(
    await app.db.execute(sql`SELECT id, counter, name FROM passkeys WHERE user_id = ${userId} ORDER BY id`),
  )

t.test('add, list, rename, sign in with no email, delete: then it signs in no more', async (t) => {
  const app = await build(t, { env: { ...env, METRICS_ENABLED: 'true' } })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)

  const optionsRes = await passkeyRequest(app, 'POST', '/registration/options', user)
  t.equal(optionsRes.statusCode, 200)
  t.equal(optionsRes.headers['cache-control'], 'no-store')
  const options = optionsRes.json().data
  t.match(options, {
    rp: { id: 'localhost', name: 'Account service' },
    user: { name: user.email, displayName: user.name },
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    attestation: 'none',
  })
  const handle = Buffer.from(options.user.id, 'base64url')
  t.equal(handle.length, 32, 'the user handle is 32 random bytes')
  t.notOk([String(user.id), user.email].includes(handle.toString()), 'and says nothing of the account')

  const added = await passkeyRequest(app, 'POST', '/registration', user, authenticator.create(options))
  t.equal(added.statusCode, 201)
  const passkey = added.json().data
  t.match(passkey, { id: Number, name: 'Passkey 1', last_used_at: null, backed_up: false, transports: ['internal'] })
  t.same((await mfaRequest(app, user, 'GET', '')).json().data, { totp: false, recovery_codes_left: 0, passkeys: 1 })

  const renamed = await passkeyRequest(app, 'PATCH', `/${passkey.id}`, user, { name: 'Laptop' })
  t.equal(renamed.statusCode, 200)
  t.equal(renamed.json().data.name, 'Laptop')

  const { res } = await signIn(app, authenticator)
  t.equal(res.statusCode, 200)
  t.match(res.json().data, { mfa_required: false, access_token: String, refresh_token: String, user: { id: user.id } })
  t.equal(res.headers['cache-control'], 'no-store')
  const listed = (await passkeyRequest(app, 'GET', '', user)).json().data
  t.equal(listed.length, 1)
  t.match(listed[0], { id: passkey.id, name: 'Laptop', last_used_at: String })
  t.notOk('public_key' in listed[0] || 'credential_id' in listed[0], 'never a key')

  t.equal((await passkeyRequest(app, 'DELETE', `/${passkey.id}`, user)).statusCode, 204)
  t.equal((await signIn(app, authenticator)).res.statusCode, 401, 'a deleted passkey signs in no more')
  t.same((await passkeyRequest(app, 'GET', '', user)).json().data, [])

  const metrics = await scrapeMetrics(app)
  for (const change of ['passkey_added', 'passkey_renamed', 'passkey_removed'])
    t.match(metrics, new RegExp(`auth_mfa_changes_total\\{change="${change}"\\} 1`))
  await app.audit.flush()
  const types = rowsOf<{ type: string }>(
    await app.db.execute(sql`SELECT type FROM audit_events WHERE user_id = ${user.id} ORDER BY id`),
  ).map((row) => row.type)
  t.match(types, [
    'user.registered',
    'mfa.passkey_added',
    'mfa.passkey_renamed',
    'login.succeeded',
    'mfa.passkey_removed',
  ])
})

t.test('a passkey sign-in needs no second factor, even with TOTP on', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { env, clock: clock.now })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  t.equal((await addPasskey(app, user, authenticator)).statusCode, 201)
  await enableTotp(app, user, clock.now)
  t.match((await login(app, user.email, user.password)).json().data, { mfa_required: true })
  t.match((await signIn(app, authenticator)).res.json().data, { mfa_required: false, user: { id: user.id } })
})

t.test('each challenge and each assertion works once', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)

  const options = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  t.equal((await passkeyRequest(app, 'POST', '/registration', user, authenticator.create(options))).statusCode, 201)
  const again = await passkeyRequest(app, 'POST', '/registration', user, authenticator.create(options))
  t.equal(again.statusCode, 400, 'a registration challenge used once')
  t.match(again.json(), { error: { code: 'VALIDATION_ERROR', message: 'Passkey registration failed' } })

  const { assertion, res } = await signIn(app, authenticator)
  t.equal(res.statusCode, 200)
  const replayed = await passkeyRequest(app, 'POST', '/authentication', undefined, assertion)
  t.equal(replayed.statusCode, 401, 'a replayed assertion is refused')
  t.match(replayed.json(), { error: { code: 'UNAUTHORIZED', message: 'Passkey sign-in failed' } })

  // Two sign-ins at once with one assertion: one session, whichever wins.
  const requestOptions = (await passkeyRequest(app, 'POST', '/authentication/options')).json().data
  const raced = authenticator.get(requestOptions)
  const both = await Promise.all([1, 2].map(() => passkeyRequest(app, 'POST', '/authentication', undefined, raced)))
  t.same(both.map((r) => r.statusCode).sort(), [200, 401])
})

t.test('a counter that goes back is a cloned authenticator: refused', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  await addPasskey(app, user, authenticator)
  t.equal((await signIn(app, authenticator)).res.statusCode, 200)
  t.equal((await signIn(app, authenticator)).res.statusCode, 200)
  const [credential] = authenticator.credentials.values()
  const counter = Number((await storedPasskeys(app, user.id))[0]?.counter)
  t.equal(counter, 2)
  if (credential) credential.counter = 0
  t.equal((await signIn(app, authenticator)).res.statusCode, 401, 'counter 1 after 2')
  t.equal(Number((await storedPasskeys(app, user.id))[0]?.counter), 2, 'the stored counter is unchanged')
})

t.test('an attestation or assertion for another origin, or expired, is refused and changes nothing', async (t) => {
  const clock = manualClock()
  const logs = captureLogs()
  const app = await build(t, { env: { ...env, LOG_LEVEL: 'info' }, clock: clock.now, logStream: logs.stream })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)

  let options = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  const foreign = await passkeyRequest(
    app,
    'POST',
    '/registration',
    user,
    authenticator.create(options, 'http://localhost:4000'),
  )
  t.equal(foreign.statusCode, 400)
  t.same(await storedPasskeys(app, user.id), [], 'nothing stored')
  t.ok(
    logs.lines.some((line) => String((line.err as { passkey_refusal?: string })?.passkey_refusal).includes('origin')),
    'the log says why; the caller only that it failed',
  )

  options = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  clock.advance(5 * 60_000 + 1)
  t.equal(
    (await passkeyRequest(app, 'POST', '/registration', user, authenticator.create(options))).statusCode,
    400,
    'expired',
  )
  clock.advance(-(5 * 60_000 + 1))

  t.equal((await addPasskey(app, user, authenticator)).statusCode, 201)
  const requestOptions = (await passkeyRequest(app, 'POST', '/authentication/options')).json().data
  const elsewhere = authenticator.get(requestOptions, undefined, 'http://evil.localhost:3000')
  t.equal((await passkeyRequest(app, 'POST', '/authentication', undefined, elsewhere)).statusCode, 401)
  t.equal(Number((await storedPasskeys(app, user.id))[0]?.counter), 0, 'the counter did not move')

  // Another user's registration challenge is not the caller's.
  const other = await registerUser(app)
  const theirs = (await passkeyRequest(app, 'POST', '/registration/options', other)).json().data
  t.equal((await passkeyRequest(app, 'POST', '/registration', user, authenticator.create(theirs))).statusCode, 400)
})

t.test('malformed attestations and assertions get a clear 400 or 401, never a 5xx', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  const options = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  const good = authenticator.create(options)

  const garbage = { ...good, response: { ...good.response, attestationObject: 'AAAA' } }
  const res = await passkeyRequest(app, 'POST', '/registration', user, garbage)
  t.equal(res.statusCode, 400)
  t.match(res.json(), { error: { message: 'Passkey registration failed' } })
  const missing = await passkeyRequest(app, 'POST', '/registration', user, { ...good, response: {} })
  t.equal(missing.statusCode, 400)
  t.match(missing.json(), { error: { message: 'Validation failed' } })
  const notBase64 = { ...good, response: { ...good.response, clientDataJSON: '{"type":"webauthn.create"}' } }
  t.equal((await passkeyRequest(app, 'POST', '/registration', user, notBase64)).statusCode, 400)
  const badClientData = {
    ...good,
    response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') },
  }
  t.equal((await passkeyRequest(app, 'POST', '/registration', user, badClientData)).statusCode, 400)
  t.same(await storedPasskeys(app, user.id), [])

  t.equal(
    (await passkeyRequest(app, 'POST', '/registration', user, good)).statusCode,
    400,
    'a refused attempt used its challenge',
  )
  authenticator.credentials.clear()
  t.equal((await addPasskey(app, user, authenticator)).statusCode, 201)
  const requestOptions = (await passkeyRequest(app, 'POST', '/authentication/options')).json().data
  const assertion = authenticator.get(requestOptions)
  for (const broken of [
    { ...assertion, id: 'AAAAAAAAAAAAAAAAAAAAAA', rawId: 'AAAAAAAAAAAAAAAAAAAAAA' },
    { ...assertion, response: { ...assertion.response, signature: 'AAAA' } },
    { ...assertion, response: { ...assertion.response, userHandle: 'AAAA' } },
    { ...assertion, response: { ...assertion.response, authenticatorData: 'AAAA' } },
  ]) {
    const refused = await passkeyRequest(app, 'POST', '/authentication', undefined, broken)
    t.equal(refused.statusCode, 401)
    t.match(refused.json(), { error: { message: 'Passkey sign-in failed' } })
  }
  const noSignature = { ...assertion, response: { ...assertion.response, signature: undefined } }
  t.equal((await passkeyRequest(app, 'POST', '/authentication', undefined, noSignature)).statusCode, 400)
})

t.test('ids, names and other users’ passkeys', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  const other = await registerUser(app)
  const mine = (await addPasskey(app, user, softAuthenticator(ORIGIN), 'Phone')).json().data
  t.equal(mine.name, 'Phone')

  t.equal((await passkeyRequest(app, 'GET', '')).statusCode, 401)
  t.equal((await passkeyRequest(app, 'POST', '/registration/options')).statusCode, 401)
  t.match((await passkeyRequest(app, 'DELETE', '/abc', user)).json(), { error: { message: 'Invalid passkey ID' } })
  t.match((await passkeyRequest(app, 'PATCH', '/0', user, { name: 'x' })).json(), {
    error: { message: 'Invalid passkey ID' },
  })
  t.equal((await passkeyRequest(app, 'DELETE', `/${mine.id}`, other)).statusCode, 404, 'another user’s is not found')
  t.equal((await passkeyRequest(app, 'PATCH', `/${mine.id}`, other, { name: 'Mine now' })).statusCode, 404)
  t.equal((await passkeyRequest(app, 'PATCH', `/${mine.id}`, user, { name: '' })).statusCode, 400)
  t.equal((await passkeyRequest(app, 'PATCH', `/${mine.id}`, user, { name: 'a\u202Eb' })).statusCode, 400)
  t.equal((await passkeyRequest(app, 'POST', '/registration/options', user, { name: 'x'.repeat(65) })).statusCode, 400)
  t.same(
    (await passkeyRequest(app, 'GET', '', user)).json().data.map((p: { name: string }) => p.name),
    ['Phone'],
    'unchanged',
  )
})

t.test('a user’s passkeys share one handle; a credential registered twice is a 409', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  const first = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  const response = authenticator.create(first)
  await passkeyRequest(app, 'POST', '/registration', user, response)
  const second = (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data
  t.equal(second.user.id, first.user.id, 'one handle per user')
  t.same(
    second.excludeCredentials.map((c: { id: string }) => c.id),
    [response.id],
    'its passkeys are not made again',
  )
  const replay = { ...response, response: { ...response.response } }
  // The same credential again, under a fresh challenge: the authenticator data is re-signed by nothing
  // (`none` attestation), so only the credential id's uniqueness stops it.
  const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString())
  replay.response.clientDataJSON = Buffer.from(JSON.stringify({ ...clientData, challenge: second.challenge })).toString(
    'base64url',
  )
  const duplicate = await passkeyRequest(app, 'POST', '/registration', user, replay)
  t.equal(duplicate.statusCode, 409)
  t.match(duplicate.json(), { error: { code: 'CONFLICT', message: 'Passkey already registered' } })
})

t.test('an administrator’s reset removes passkeys too; a deleted user’s passkey signs in no more', async (t) => {
  const app = await build(t, { env })
  const admin = await makeAdmin(app, await registerUser(app))
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  await addPasskey(app, user, authenticator)
  const reset = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}/mfa`, headers: admin.headers })
  t.equal(reset.statusCode, 204)
  t.same(await storedPasskeys(app, user.id), [])
  t.equal((await signIn(app, authenticator)).res.statusCode, 401)

  const leaving = await registerUser(app)
  const theirs = softAuthenticator(ORIGIN)
  await addPasskey(app, leaving, theirs)
  await app.inject({ method: 'DELETE', url: `/api/v1/users/${leaving.id}`, headers: admin.headers })
  t.equal((await signIn(app, theirs)).res.statusCode, 401)
})

t.test('EMAIL_VERIFICATION=required refuses an unverified account’s passkey as it does its password', async (t) => {
  const app = await build(t, { env: { ...env, EMAIL_VERIFICATION: 'required' } })
  const user = await registerUser(app)
  const authenticator = softAuthenticator(ORIGIN)
  await addPasskey(app, user, authenticator)
  const res = (await signIn(app, authenticator)).res
  t.equal(res.statusCode, 403)
  t.match(res.json(), { error: { message: 'Email address not verified' } })
})

t.test('a user holds at most twenty passkeys', async (t) => {
  const app = await build(t, { env })
  const user = await registerUser(app)
  for (let i = 0; i < 20; i++) t.equal((await addPasskey(app, user, softAuthenticator(ORIGIN))).statusCode, 201)
  // Two ceremonies begun at 19: only one of them takes the last place.
  await passkeyRequest(app, 'DELETE', `/${(await passkeyRequest(app, 'GET', '', user)).json().data[0].id}`, user)
  const begun = await Promise.all(
    [1, 2].map(async () => (await passkeyRequest(app, 'POST', '/registration/options', user)).json().data),
  )
  const finished = await Promise.all(
    begun.map((options) =>
      passkeyRequest(app, 'POST', '/registration', user, softAuthenticator(ORIGIN).create(options)),
    ),
  )
  t.same(finished.map((res) => res.statusCode).sort(), [201, 409])
  const refused = await passkeyRequest(app, 'POST', '/registration/options', user)
  t.equal(refused.statusCode, 409)
  t.match(refused.json(), { error: { code: 'CONFLICT', message: 'Passkey limit reached: delete one to add another' } })
  t.equal((await passkeyRequest(app, 'GET', '', user)).json().data.length, 20)
})
