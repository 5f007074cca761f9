import t from 'tap'
import { MAX_SESSIONS } from '../../src/limits.js'
import { type App, build, captureLogs, decodeJwt, login, refresh, registerUser } from '../helper.js'

const loginFrom = (app: App, email: string, password: string, userAgent: string) =>
  login(app, email, password, { 'user-agent': userAgent })

t.test('GET /api/v1/auth/sessions lists the caller’s live sessions, never a token', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const phone = (await loginFrom(app, user.email, user.password, 'Phone/1.0')).json().data
  const laptop = (await loginFrom(app, user.email, user.password, 'Laptop/2.0')).json().data
  const other = await registerUser(app)

  const headers = { authorization: `Bearer ${laptop.access_token}` }
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers })
  t.equal(res.statusCode, 200)
  const sessions = res.json().data as Record<string, unknown>[]
  t.equal(sessions.length, 3, 'registration and two logins')
  t.match(sessions[0], {
    id: decodeJwt(laptop.access_token).claims.sid,
    created_at: String,
    last_used_at: String,
    client_ip: '127.0.0.1',
    user_agent: 'Laptop/2.0',
    current: true,
  })
  t.same(
    sessions.map((session) => session.current),
    [true, false, false],
  )
  for (const token of [user.refreshToken, phone.refresh_token, laptop.refresh_token, laptop.access_token])
    t.notOk(res.body.includes(token), 'no token in the list')
  const othersList = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: other.headers })
  t.equal(othersList.json().data.length, 1, 'each user sees only their own')

  t.test('a refresh keeps the session and moves last_used_at', async (t) => {
    const refreshed = await refresh(app, phone.refresh_token, { 'user-agent': 'Phone/1.1' })
    t.equal(refreshed.statusCode, 200)
    t.equal(decodeJwt(refreshed.json().data.access_token).claims.sid, decodeJwt(phone.access_token).claims.sid)
    const list = (await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers })).json().data
    t.equal(list.length, 3)
    t.match(list[0], { user_agent: 'Phone/1.1', current: false }, 'the phone is now the most recently used')
  })

  t.test('DELETE /api/v1/auth/sessions/:id signs one session out', async (t) => {
    const phoneSession = decodeJwt(phone.access_token).claims.sid as string
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${phoneSession}`, headers })
    t.equal(res.statusCode, 204)
    t.equal(res.body, '')
    const list = (await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers })).json().data
    t.equal(list.length, 2)
    t.notOk(list.some((session: { id: string }) => session.id === phoneSession))
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${phoneSession}`, headers })
    t.equal(again.statusCode, 404)
    t.match(again.json().error, { code: 'NOT_FOUND', message: 'Session not found' })
    const laptopRefresh = await refresh(app, laptop.refresh_token)
    t.equal(laptopRefresh.statusCode, 200, 'the other sessions still work')
  })

  t.test('another user’s session is 404, a malformed id 400', async (t) => {
    const mine = decodeJwt(other.accessToken).claims.sid as string
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${mine}`, headers })
    t.equal(res.statusCode, 404)
    const ownList = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: other.headers })
    t.equal(ownList.json().data.length, 1, 'and it still works for its owner')
    const bad = await app.inject({ method: 'DELETE', url: '/api/v1/auth/sessions/not-a-uuid', headers })
    t.equal(bad.statusCode, 400)
    t.match(bad.json().error, { code: 'VALIDATION_ERROR', message: 'Invalid session ID' })
    // Forms a UUID format check may accept but the database's uuid type does not: each a 400, never a 500.
    for (const id of [`urn:uuid:${mine}`, `{${mine}}`, mine.replaceAll('-', ''), `${mine}%00`, `${mine} `]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/v1/auth/sessions/${encodeURIComponent(id)}`,
        headers,
      })
      t.equal(res.statusCode, 400, id)
      t.match(res.json().error, { code: 'VALIDATION_ERROR', message: 'Invalid session ID' })
    }
    const upper = await app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${mine.toUpperCase()}`, headers })
    t.equal(upper.statusCode, 404, 'an upper-case UUID is a UUID: not the caller’s, so 404')
  })

  t.test('needs a token', async (t) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions' })
    t.equal(res.statusCode, 401)
  })
})

t.test('a login past the 100th live session ends the least recently used one', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const logins = []
  for (let i = 1; i < MAX_SESSIONS; i++) logins.push((await login(app, user.email, user.password)).json().data)
  await refresh(app, user.refreshToken) // the registration's session becomes the most recently used
  const oldest = logins[0]
  const newest = (await login(app, user.email, user.password)).json().data

  const headers = { authorization: `Bearer ${newest.access_token}` }
  const listed = (await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers })).json().data
  t.equal(listed.length, MAX_SESSIONS, 'as many as the cap')
  const ids = listed.map((session: { id: string }) => session.id)
  t.notOk(ids.includes(decodeJwt(oldest.access_token).claims.sid), 'the least recently used session is gone')
  t.ok(ids.includes(decodeJwt(user.accessToken).claims.sid), 'a session refreshed since stays')
  t.equal((await refresh(app, oldest.refresh_token)).statusCode, 401, 'its refresh token is refused')
  t.equal((await refresh(app, logins[1].refresh_token)).statusCode, 200, 'the next one still works')

  // Each login past the cap revokes under the user's row lock: concurrent ones queue, never deadlock.
  const concurrent = await Promise.all(Array.from({ length: 20 }, () => login(app, user.email, user.password)))
  t.same(new Set(concurrent.map((res) => res.statusCode)), new Set([200]), '20 logins at once all succeed')
  const after = (await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers })).json().data
  t.equal(after.length, MAX_SESSIONS, 'and the cap still holds')
})

t.test('a detected reuse is logged at warn with the forensics', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  const user = await registerUser(app)
  const family = decodeJwt(user.accessToken).claims.sid
  await refresh(app, user.refreshToken)
  const reuse = await refresh(app, user.refreshToken, { 'user-agent': 'Thief/0.1' })
  t.equal(reuse.statusCode, 401)
  const line = logs.lines.find((entry) => entry.request_id === reuse.headers['x-request-id'])
  t.match(line, {
    level: 40,
    status: 401,
    ip: '127.0.0.1',
    err: { reason: 'reused', family, user_id: user.id, user_agent: 'Thief/0.1', ms_since_first_use: Number },
  })
  t.notOk(logs.raw.join('\n').includes(user.refreshToken), 'the token itself is never logged')
})
