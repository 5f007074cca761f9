import t from 'tap'
import {
  type App,
  build,
  captureLogs,
  decodeJwt,
  login,
  makeAdmin,
  refresh,
  registerUser,
  type TestUser,
} from '../helper.js'

const changePassword = (app: App, user: TestUser, body: unknown, headers: Record<string, string> = user.headers) =>
  app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}/password`, headers, payload: body as object })

t.test('PUT /api/v1/users/:id/password changes the password and ends every other session', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const other = (await login(app, user.email, user.password)).json().data
  const res = await changePassword(app, user, { current_password: user.password, new_password: 'a new passphrase' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store', 'a response carrying tokens is not cached')
  const pair = res.json().data
  t.match(pair, { access_token: String, refresh_token: /^[0-9a-f]{64}$/, token_type: 'Bearer', expires_in: Number })
  t.equal(
    decodeJwt(pair.access_token).claims.sid,
    decodeJwt(user.accessToken).claims.sid,
    'the caller’s session goes on',
  )

  t.equal((await login(app, user.email, user.password)).statusCode, 401, 'the old password no longer works')
  t.equal((await login(app, user.email, 'a new passphrase')).statusCode, 200, 'the new one does')
  t.equal((await refresh(app, other.refresh_token)).statusCode, 401, 'another session is signed out')
  t.equal((await refresh(app, user.refreshToken)).statusCode, 401, 'the caller’s previous refresh token is spent')
  const next = await refresh(app, pair.refresh_token)
  t.equal(next.statusCode, 200, 'the fresh pair refreshes')

  const sessions = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/sessions',
    headers: { authorization: `Bearer ${next.json().data.access_token}` },
  })
  t.same(
    sessions.json().data.map((session: { id: string; current: boolean }) => session.current),
    [true, false],
    'the caller’s session and the login with the new password; the other one is gone',
  )
})

t.test('a wrong current password is the login 401 and changes nothing', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  const user = await registerUser(app)
  const res = await changePassword(app, user, {
    current_password: 'not the password',
    new_password: 'a new passphrase',
  })
  t.equal(res.statusCode, 401)
  t.match(res.json(), { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } })
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'the password is unchanged')
  t.equal((await refresh(app, user.refreshToken)).statusCode, 200, 'no session was ended')
  t.ok(logs.lines.length > 0, 'the requests were logged')
  t.notOk(logs.raw.join('').includes('not the password'), 'the attempted password reaches no log')
})

t.test('only the owner changes a password, administrators included', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const admin = await makeAdmin(app, await registerUser(app))
  const body = { current_password: user.password, new_password: 'set by someone else' }
  const byAdmin = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}/password`,
    headers: admin.headers,
    payload: body,
  })
  t.equal(byAdmin.statusCode, 403)
  t.match(byAdmin.json(), { error: { code: 'FORBIDDEN', message: 'Forbidden user ID' } })
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'unchanged')
  const anonymous = await app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}/password`, payload: body })
  t.equal(anonymous.statusCode, 401)
})

t.test('the new password follows the registration rules', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const cases: [unknown, string][] = [
    [{ current_password: user.password, new_password: 'short' }, 'NewPassword'],
    [{ current_password: user.password, new_password: 'é'.repeat(40) }, 'NewPassword'],
    [{ current_password: user.password, new_password: '          ' }, 'NewPassword'],
    [{ current_password: user.password }, 'NewPassword'],
    [{ new_password: 'a new passphrase' }, 'CurrentPassword'],
    [{ current_password: 12345678, new_password: 'a new passphrase' }, 'CurrentPassword'],
  ]
  for (const [body, field] of cases) {
    const res = await changePassword(app, user, body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.match(res.json(), { success: false, error: { code: 'VALIDATION_ERROR' } })
    t.match(JSON.stringify(res.json().error), field)
  }
  const bad = await app.inject({
    method: 'PUT',
    url: '/api/v1/users/abc/password',
    headers: user.headers,
    payload: { current_password: user.password, new_password: 'a new passphrase' },
  })
  t.equal(bad.statusCode, 400, 'a path id that is no integer')
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'nothing changed')
})

t.test('a deleted user’s still-valid access token changes nothing', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
  const res = await changePassword(app, user, { current_password: user.password, new_password: 'a new passphrase' })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { error: { code: 'NOT_FOUND', message: 'User not found' } })
})

t.test('a caller whose own session was signed out gets a new session with the fresh pair', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
  const res = await changePassword(app, user, { current_password: user.password, new_password: 'a new passphrase' })
  t.equal(res.statusCode, 200)
  const pair = res.json().data
  t.not(decodeJwt(pair.access_token).claims.sid, decodeJwt(user.accessToken).claims.sid, 'a new session')
  t.equal((await refresh(app, pair.refresh_token)).statusCode, 200)
})

t.test('a change without a token, or with a refused one, is the bearer 401 with its challenge', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const body = { current_password: user.password, new_password: 'a new passphrase' }
  const missing = await changePassword(app, user, body, {})
  t.equal(missing.statusCode, 401)
  t.equal(missing.headers['www-authenticate'], 'Bearer realm="api"')
  const refused = await changePassword(app, user, body, { authorization: 'Bearer not-a-token' })
  t.equal(refused.statusCode, 401)
  t.match(refused.headers['www-authenticate'], /error="invalid_token"/)
  const wrong = await changePassword(app, user, { ...body, current_password: 'not the password' })
  t.equal(wrong.statusCode, 401)
  t.equal(wrong.headers['www-authenticate'], undefined, 'a wrong current password is not the token’s fault')
})
