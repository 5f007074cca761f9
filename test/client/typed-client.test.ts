import createClient from 'openapi-fetch'
import t, { type Test } from 'tap'
import type { paths } from '../../openapi/schema.js'
import { build, uniqueEmail } from '../helper.js'
import { codeAt, STEP_MS } from '../mfa.js'

/**
 * A client typed by the committed contract (openapi/schema.d.ts) talks to the real server over a real
 * socket. Every request and every field read here is checked against the generated types, so a route
 * that drifts from the committed document fails the type check, and a server that drifts from its
 * document fails these assertions.
 */
const app = await build(t)
const client = createClient<paths>({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) })

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

/** Asserts the status and returns the typed success body; a failure body ends the test with its text. */
function expectData<Data>(
  t: Test,
  result: { data?: Data; error?: unknown; response: Response },
  status: number,
  what: string,
): Data {
  t.equal(result.response.status, status, `${what} answers ${status}`)
  if (result.data === undefined)
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error ?? null)}`)
  return result.data
}

/**
 * A password login that must end in a session: the answer is one of two shapes, and `mfa_required`
 * narrows it to the session (a second-factor challenge ends the test).
 */
async function logIn(t: Test, email: string, password: string, what: string) {
  const answer = expectData(t, await client.POST('/api/v1/auth/login', { body: { email, password } }), 200, what)
  const data = answer.data
  if (data.mfa_required) throw new Error(`${what}: a second factor was asked for`)
  return { ...answer, data }
}

async function signUp(t: Test, name = 'Typed Client') {
  const credentials = { name, email: uniqueEmail('typed'), password: 'correct horse battery' }
  const registered = expectData(t, await client.POST('/api/v1/auth/register', { body: credentials }), 200, 'register')
  return { ...credentials, ...registered.data }
}

t.test('register, log in, refresh and log out through the typed client', async (t) => {
  const account = await signUp(t, 'Ada Lovelace')
  t.match(account, {
    token_type: 'Bearer',
    expires_in: 900,
    refresh_token: /^[0-9a-f]{64}$/,
    user: { id: Number, name: 'Ada Lovelace', email: account.email, roles: ['user'] },
  })

  const login = await logIn(t, account.email, account.password, 'login')
  t.equal(login.success, true)
  t.equal(login.data.user.id, account.user.id, 'login names the registered user')
  t.match(login.meta, { request_id: String })

  const refreshed = expectData(
    t,
    await client.POST('/api/v1/auth/refresh', { body: { refresh_token: login.data.refresh_token } }),
    200,
    'refresh',
  )
  t.match(refreshed.data, { token_type: 'Bearer', refresh_token: /^[0-9a-f]{64}$/, access_token: String })
  t.not(refreshed.data.refresh_token, login.data.refresh_token, 'the refresh token rotates')

  const reused = await client.POST('/api/v1/auth/refresh', { body: { refresh_token: login.data.refresh_token } })
  t.equal(reused.response.status, 401, 'a used refresh token is refused')
  t.match(reused.error, {
    success: false,
    error: { code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token', request_id: String },
  })

  const loggedOut = expectData(
    t,
    await client.POST('/api/v1/auth/logout', { headers: bearer(refreshed.data.access_token) }),
    200,
    'logout',
  )
  t.equal(loggedOut.data.message, 'Successfully logged out')
})

t.test('change a password through the typed client: the other session ends, the caller’s goes on', async (t) => {
  const account = await signUp(t, 'Password Changer')
  const other = await logIn(t, account.email, account.password, 'a second session')
  const path = { id: account.user.id }
  const wrong = await client.PUT('/api/v1/users/{id}/password', {
    headers: bearer(account.access_token),
    params: { path },
    body: { current_password: 'not the password', new_password: 'a brand new passphrase' },
  })
  t.equal(wrong.response.status, 401, 'a wrong current password is refused')
  t.match(wrong.error, { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } })

  const changed = expectData(
    t,
    await client.PUT('/api/v1/users/{id}/password', {
      headers: bearer(account.access_token),
      params: { path },
      body: { current_password: account.password, new_password: 'a brand new passphrase' },
    }),
    200,
    'change password',
  )
  t.match(changed.data, { token_type: 'Bearer', refresh_token: /^[0-9a-f]{64}$/ })
  const otherRefresh = await client.POST('/api/v1/auth/refresh', { body: { refresh_token: other.data.refresh_token } })
  t.equal(otherRefresh.response.status, 401, 'the other session is signed out')
  expectData(
    t,
    await client.POST('/api/v1/auth/refresh', { body: { refresh_token: changed.data.refresh_token } }),
    200,
    'the fresh pair refreshes',
  )
})

t.test('todos: create, list, update and delete through the typed client', async (t) => {
  const owner = await signUp(t)
  const headers = bearer(owner.access_token)

  const created = expectData(
    t,
    await client.POST('/api/v1/todos', { headers, body: { title: 'Write the client', description: 'typed' } }),
    201,
    'create',
  )
  t.match(created, { id: Number, title: 'Write the client', description: 'typed', completed: false })
  t.equal(created.user_id, owner.user.id, 'the todo belongs to the caller')
  const second = expectData(
    t,
    await client.POST('/api/v1/todos', { headers, body: { title: 'Ship it' } }),
    201,
    'create a second',
  )

  const list = expectData(t, await client.GET('/api/v1/todos', { headers }), 200, 'list')
  t.equal(list.total, 2)
  t.same(
    list.todos.map((todo) => todo.id),
    [second.id, created.id],
    'newest first',
  )

  const page = expectData(
    t,
    await client.GET('/api/v1/todos', { headers, params: { query: { limit: 1, offset: 1 } } }),
    200,
    'a page of the list',
  )
  t.same(
    page.todos.map((todo) => todo.id),
    [created.id],
  )
  t.equal(page.total, 2, 'total counts every todo')

  const path = { id: created.id }
  const updated = expectData(
    t,
    await client.PUT('/api/v1/todos/{id}', { headers, params: { path }, body: { completed: true } }),
    200,
    'update',
  )
  t.match(updated, { id: created.id, title: 'Write the client', completed: true })

  const deleted = await client.DELETE('/api/v1/todos/{id}', { headers, params: { path } })
  t.equal(deleted.response.status, 204, 'delete answers 204')
  t.equal(deleted.data, undefined, 'with no body')

  const gone = await client.GET('/api/v1/todos/{id}', { headers, params: { path } })
  t.equal(gone.response.status, 404)
  t.same(gone.error, { error: 'todo not found' })
})

t.test('the administrators’ list through the typed client', async (t) => {
  const member = await signUp(t, 'Plain Member')
  const query = { page: 1, per_page: 20, sort: 'id', order: 'asc', search: member.email } as const

  const refused = await client.GET('/api/v1/users', { headers: bearer(member.access_token), params: { query } })
  t.equal(refused.response.status, 403, 'a user without the admin role is refused')
  t.match(refused.error, { success: false, error: { code: 'FORBIDDEN' } })

  // Administrators are made outside the HTTP API; the role reaches a token at the next login.
  await app.repos.users.grantRole(member.user.id, 'admin')
  const admin = await logIn(t, member.email, member.password, 'login as administrator')
  t.same(admin.data.user.roles, ['user', 'admin'])

  const listed = expectData(
    t,
    await client.GET('/api/v1/users', { headers: bearer(admin.data.access_token), params: { query } }),
    200,
    'list users',
  )
  t.same(
    listed.data.map((user) => user.email),
    [member.email],
    'the search finds the administrator',
  )
  t.match(listed.meta, { page: 1, per_page: 20, total: 1, total_pages: 1 })

  await app.audit.flush()
  const trail = expectData(
    t,
    await client.GET('/api/v1/audit-events', {
      headers: bearer(admin.data.access_token),
      params: { query: { user_id: member.user.id, type: 'login.succeeded', per_page: 10 } },
    }),
    200,
    'the audit trail',
  )
  t.match(trail.data, [{ type: 'login.succeeded', user_id: member.user.id, actor_id: null, details: {} }])
  t.match(trail.meta, { page: 1, per_page: 10, total: 1, total_pages: 1 })
})

t.test('the key set through the typed client: a JWK Set, no envelope', async (t) => {
  const jwks = expectData(t, await client.GET('/.well-known/jwks.json'), 200, 'the key set')
  t.same(jwks.keys, [], 'with HS256 no key is published')
})

t.test('the TOTP flow through the typed client: enrol, confirm, log in with a code, remove', async (t) => {
  const account = await signUp(t, 'Second Factor')
  const headers = bearer(account.access_token)
  const enrolment = expectData(
    t,
    await client.POST('/api/v1/auth/mfa/totp', { headers, body: { password: account.password } }),
    200,
    'start an enrolment',
  )
  const { secret, otpauth_uri } = enrolment.data
  t.match(otpauth_uri, /^otpauth:\/\/totp\//)
  const now = Date.now()
  const confirmed = expectData(
    t,
    await client.POST('/api/v1/auth/mfa/totp/confirm', { headers, body: { code: codeAt(secret, now) } }),
    200,
    'confirm',
  )
  t.equal(confirmed.data.recovery_codes.length, 10)

  const answer = expectData(
    t,
    await client.POST('/api/v1/auth/login', { body: { email: account.email, password: account.password } }),
    200,
    'login with TOTP on',
  )
  const challenge = answer.data
  if (!challenge.mfa_required) throw new Error('login: expected a second-factor challenge')
  t.same(challenge.methods, ['totp', 'recovery_code'])
  // The confirming code's step is used: the next step's code, within the one step of drift, finishes the login.
  const verified = expectData(
    t,
    await client.POST('/api/v1/auth/mfa/verify', {
      body: { mfa_token: challenge.mfa_token, code: codeAt(secret, now + STEP_MS) },
    }),
    200,
    'verify',
  )
  const session = verified.data
  if (session.mfa_required) throw new Error('verify: expected a session')
  t.equal(session.user.id, account.user.id)

  const replayed = await client.POST('/api/v1/auth/mfa/verify', {
    body: { mfa_token: challenge.mfa_token, code: codeAt(secret, now + STEP_MS) },
  })
  t.equal(replayed.response.status, 401, 'the mfa_token works once')
  t.match(replayed.error, { error: { message: 'Invalid or expired MFA token' } })

  const status = expectData(
    t,
    await client.GET('/api/v1/auth/mfa', { headers: bearer(session.access_token) }),
    200,
    'status',
  )
  t.same(status.data, { totp: true, recovery_codes_left: 10, passkeys: 0 })
  const removed = await client.DELETE('/api/v1/auth/mfa/totp', {
    headers: bearer(session.access_token),
    body: { password: account.password, recovery_code: confirmed.data.recovery_codes[0] },
  })
  t.equal(removed.response.status, 204, 'removed with a recovery code')
  await logIn(t, account.email, account.password, 'the password alone again')
})
