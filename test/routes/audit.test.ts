import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { rowsOf } from '../../src/db/raw-rows.js'
import {
  type App,
  build,
  captureLogs,
  decodeJwt,
  freshDatabase,
  makeAdmin,
  manualClock,
  refresh,
  registerUser,
  scrapeMetrics,
  type TestUser,
  uniqueEmail,
} from '../helper.js'

const HOUR = 3_600_000
const AGENT = 'audit-test-agent/1.0'

/** Every stored event as its row's JSON text, for searching the whole table. */
async function tableText(app: App): Promise<string> {
  const rows = rowsOf<{ row: string }>(
    await app.db.execute(sql`SELECT row_to_json(a)::text AS row FROM audit_events a`),
  )
  return rows.map(({ row }) => row).join('\n')
}

/** GET /api/v1/audit-events with a query, after every event so far is written. */
async function listEvents(app: App, admin: TestUser, query = '') {
  await app.audit.flush()
  return app.inject({ method: 'GET', url: `/api/v1/audit-events${query}`, headers: admin.headers })
}

async function eventsOf(t: Test, app: App, admin: TestUser, query: string) {
  const res = await listEvents(app, admin, query)
  t.equal(res.statusCode, 200, res.body)
  return res.json().data as { type: string; [field: string]: unknown }[]
}

const headers = (user: TestUser | undefined, requestId: string) => ({
  ...(user ? user.headers : {}),
  'user-agent': AGENT,
  'x-request-id': requestId,
})

t.test('every kind of event lands with its time, subject, actor, client, request id and details', async (t) => {
  // Every event of this test happens at one instant of a clock that stands still.
  const clock = manualClock()
  const app = await build(t, { clock: clock.now })
  const admin = await makeAdmin(app, await registerUser(app, { name: 'Auditor' }))

  const email = uniqueEmail('audited')
  const password = 'first secret password'
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: headers(undefined, 'req-register'),
    payload: { name: 'Audited', email, password },
  })
  t.equal(registered.statusCode, 200)
  const { user, refresh_token: firstRefresh } = registered.json().data
  const subject: TestUser = {
    ...user,
    password,
    accessToken: registered.json().data.access_token,
    refreshToken: firstRefresh,
    headers: { authorization: `Bearer ${registered.json().data.access_token}` },
  }
  const login = (pass: string, as = email, requestId = 'req-login') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: headers(undefined, requestId),
      payload: { email: as, password: pass },
    })

  t.equal((await login('wrong password here', email, 'req-wrong')).statusCode, 401)
  t.equal((await login('whatever it is', uniqueEmail('nobody'), 'req-unknown')).statusCode, 401)
  const second = await login(password)
  t.equal(second.statusCode, 200)

  t.equal((await refresh(app, firstRefresh, headers(undefined, 'req-refresh'))).statusCode, 200)
  t.equal((await refresh(app, firstRefresh, headers(undefined, 'req-reuse'))).statusCode, 401)

  const secondSession = decodeJwt(second.json().data.access_token).claims.sid as string
  const revoked = await app.inject({
    method: 'DELETE',
    url: `/api/v1/auth/sessions/${secondSession}`,
    headers: headers(subject, 'req-session'),
  })
  t.equal(revoked.statusCode, 204)

  const fresh = (await login(password)).json().data
  const own = { authorization: `Bearer ${fresh.access_token}` }
  const change = (current: string, requestId: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/users/${subject.id}/password`,
      headers: { ...own, 'user-agent': AGENT, 'x-request-id': requestId },
      payload: { current_password: current, new_password: 'second secret password' },
    })
  t.equal((await change('not the password', 'req-change-wrong')).statusCode, 401)
  const changed = await change(password, 'req-change')
  t.equal(changed.statusCode, 200)
  const afterChange = { authorization: `Bearer ${changed.json().data.access_token}` }

  const ownRead = await app.inject({ method: 'GET', url: `/api/v1/users/${subject.id}`, headers: afterChange })
  t.equal(ownRead.statusCode, 200, 'reading your own record is no audit event')
  const logout = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { ...afterChange, 'user-agent': AGENT, 'x-request-id': 'req-logout' },
  })
  t.equal(logout.statusCode, 200)

  const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, requestId: string, payload?: object) =>
    app.inject({ method, url, headers: headers(admin, requestId), ...(payload ? { payload } : {}) })
  t.equal((await asAdmin('GET', `/api/v1/users/${subject.id}`, 'req-admin-read')).statusCode, 200)
  t.equal(
    (await asAdmin('PUT', `/api/v1/users/${subject.id}`, 'req-admin-update', { name: 'Renamed' })).statusCode,
    200,
  )
  t.equal((await asAdmin('GET', '/api/v1/users?search=audited&per_page=5', 'req-admin-list')).statusCode, 200)
  t.equal((await asAdmin('DELETE', `/api/v1/users/${subject.id}`, 'req-admin-delete')).statusCode, 204)

  const events = await eventsOf(t, app, admin, `?user_id=${subject.id}&per_page=100`)
  const anonymous = { actor_id: null, client_ip: '127.0.0.1', user_agent: AGENT }
  const byOwner = { actor_id: subject.id, client_ip: '127.0.0.1', user_agent: AGENT }
  const byAdmin = { actor_id: admin.id, client_ip: '127.0.0.1', user_agent: AGENT }
  t.match(
    events.reverse(),
    [
      { type: 'user.registered', request_id: 'req-register', ...anonymous, details: {} },
      { type: 'login.failed', request_id: 'req-wrong', ...anonymous, details: { reason: 'wrong_password', email } },
      { type: 'login.succeeded', request_id: 'req-login', ...anonymous },
      {
        type: 'refresh.reused',
        request_id: 'req-reuse',
        ...anonymous,
        details: { family: decodeJwt(subject.accessToken).claims.sid, ms_since_first_use: Number },
      },
      { type: 'session.revoked', request_id: 'req-session', ...byOwner, details: { session_id: secondSession } },
      { type: 'login.succeeded', request_id: 'req-login' },
      {
        type: 'password.change_failed',
        request_id: 'req-change-wrong',
        ...byOwner,
        details: { reason: 'wrong_password' },
      },
      { type: 'password.changed', request_id: 'req-change', ...byOwner },
      { type: 'logout', request_id: 'req-logout', ...byOwner },
      { type: 'user.read', request_id: 'req-admin-read', ...byAdmin },
      { type: 'user.updated', request_id: 'req-admin-update', ...byAdmin, details: { fields: ['name'] } },
      { type: 'user.deleted', request_id: 'req-admin-delete', ...byAdmin },
    ],
    'in order, each with its context',
  )
  t.equal(events.length, 12, 'and nothing else about the user: a refresh that worked and an own read are not events')
  for (const event of events) {
    t.equal(event.user_id, subject.id)
    t.equal(event.occurred_at, clock.now().toISOString(), 'stamped with the clock when it happened')
  }

  const unknown = await eventsOf(t, app, admin, '?type=login.failed&per_page=100')
  t.match(
    unknown.find((event) => event.request_id === 'req-unknown'),
    { user_id: null, actor_id: null, details: { reason: 'unknown_email', email: /^nobody-/ } },
    'a login with an unknown email names the email it tried, and no user',
  )
  const [listed] = await eventsOf(t, app, admin, '?type=users.listed')
  t.match(listed, {
    user_id: null,
    ...byAdmin,
    request_id: 'req-admin-list',
    details: { query: { search: 'audited', per_page: 5, page: 1 }, total: Number },
  })

  await t.test('no secret is ever stored: no password, token or hash anywhere in the table', async (t) => {
    const stored = await tableText(app)
    t.ok(stored.includes(email), 'the table is searched (it holds the email)')
    const hashes = rowsOf<{ password_hash: string }>(
      await app.db.execute(sql`SELECT password_hash FROM users WHERE id = ${subject.id}`),
    )
    const secrets = [
      password,
      'second secret password',
      'wrong password here',
      'whatever it is',
      'not the password',
      ...[registered, second].flatMap((res) => [res.json().data.access_token, res.json().data.refresh_token]),
      fresh.access_token,
      fresh.refresh_token,
      changed.json().data.access_token,
      changed.json().data.refresh_token,
      createHash('sha256').update(firstRefresh).digest('hex'),
      ...hashes.map((row) => row.password_hash),
    ]
    for (const secret of secrets) t.notOk(stored.includes(secret), `${secret.slice(0, 12)}… is not stored`)
  })
})

t.test('a failing audit write fails no request, is logged once and counted, and recording resumes', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const logs = captureLogs()
  const app = await build(t, { database, logStream: logs.stream, env: { LOG_LEVEL: 'info' } })
  const admin = await makeAdmin(app, await registerUser(app))
  await app.audit.flush()

  await database.db.execute(sql`ALTER TABLE audit_events RENAME TO audit_events_away`)
  const user = await registerUser(app, { password: 'password while broken' })
  for (let attempt = 0; attempt < 2; attempt++) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    })
    t.equal(login.statusCode, 200, 'the login succeeds although its event cannot be written')
    await app.audit.flush()
  }
  const failures = logs.lines.filter((line) => line.msg === 'audit events not written')
  t.equal(failures.length, 1, 'one error line for the run of failures')
  t.match(failures[0], { level: 50, lost: 1 })
  t.notOk(logs.raw.join('').includes('password while broken'), 'the log holds no password')
  const metrics = await scrapeMetrics(app)
  t.match(metrics, /audit_events_dropped_total\{reason="write_failed"\} 3\n/, 'every lost event is counted')

  await database.db.execute(sql`ALTER TABLE audit_events_away RENAME TO audit_events`)
  const list = await listEvents(app, admin, `?user_id=${user.id}`)
  t.equal(list.statusCode, 200)
  t.same(list.json().data, [], 'the events of the outage are lost, not half-written')
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })
  t.match((await listEvents(app, admin, `?user_id=${user.id}`)).json().data, [{ type: 'login.succeeded' }])
})

t.test('a full buffer drops events rather than holding requests, counted and logged once', async (t) => {
  const logs = captureLogs()
  const app = await build(t, {
    auditBufferLimit: 2,
    logStream: logs.stream,
    env: { LOG_LEVEL: 'warn' },
  })
  const actor = { requestId: 'req-burst', userId: null, ip: '192.0.2.1', userAgent: null, throttleKey: '192.0.2.1' }
  for (let event = 0; event < 5; event++) app.securityEvents.account({ type: 'logout', userId: 4242 }, actor)
  await app.audit.flush()

  const admin = await makeAdmin(app, await registerUser(app))
  const events = await eventsOf(t, app, admin, '?user_id=4242')
  t.equal(events.length, 2, 'the buffer kept what it could hold')
  t.match(events[0], { request_id: 'req-burst', client_ip: '192.0.2.1', user_agent: null, actor_id: null })
  const metrics = await scrapeMetrics(app)
  t.match(metrics, /audit_events_dropped_total\{reason="buffer_full"\} 3\n/)
  t.equal(logs.lines.filter((line) => line.msg === 'audit buffer full: dropping events').length, 1)
})

t.test('events still buffered when the app closes are written', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const app = await build(t, { database })
  const user = await registerUser(app)
  await app.close()
  const rows = rowsOf<{ type: string }>(
    await database.db.execute(sql`SELECT type FROM audit_events WHERE user_id = ${user.id}`),
  )
  t.same(
    rows.map((row) => row.type),
    ['user.registered'],
  )
})

t.test('the list: filters by user, type and time, newest first, paginated like the users list', async (t) => {
  const clock = manualClock(Date.parse('2030-01-01T00:00:00.000Z'))
  const app = await build(t, { clock: clock.now })
  const admin = await makeAdmin(app, await registerUser(app))
  const user = await registerUser(app) // 00:00
  const login = () =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } })
  for (let hour = 1; hour <= 4; hour++) {
    clock.advance(HOUR)
    await login() // 01:00 … 04:00
  }

  const all = await eventsOf(t, app, admin, `?user_id=${user.id}`)
  t.same(
    all.map((event) => [event.type, event.occurred_at]),
    [
      ['login.succeeded', '2030-01-01T04:00:00.000Z'],
      ['login.succeeded', '2030-01-01T03:00:00.000Z'],
      ['login.succeeded', '2030-01-01T02:00:00.000Z'],
      ['login.succeeded', '2030-01-01T01:00:00.000Z'],
      ['user.registered', '2030-01-01T00:00:00.000Z'],
    ],
    'newest first',
  )
  const types = await eventsOf(t, app, admin, `?user_id=${user.id}&type=user.registered`)
  t.same(
    types.map((event) => event.type),
    ['user.registered'],
  )
  const window = await eventsOf(
    t,
    app,
    admin,
    `?user_id=${user.id}&since=2030-01-01T01:00:00.000Z&until=2030-01-01T03:00:00Z`,
  )
  t.same(
    window.map((event) => event.occurred_at),
    ['2030-01-01T02:00:00.000Z', '2030-01-01T01:00:00.000Z'],
    'since is inclusive, until exclusive',
  )

  const page = await listEvents(app, admin, `?user_id=${user.id}&per_page=2&page=2`)
  t.equal(page.statusCode, 200)
  const path = '/api/v1/audit-events'
  const link = (n: number) => `${path}?page=${n}&per_page=2&user_id=${user.id}`
  t.match(page.json(), {
    success: true,
    data: [{ occurred_at: '2030-01-01T02:00:00.000Z' }, { occurred_at: '2030-01-01T01:00:00.000Z' }],
    meta: {
      page: 2,
      per_page: 2,
      total: 5,
      total_pages: 3,
      links: { self: link(2), first: link(1), last: link(3), next: link(3), prev: link(1) },
    },
  })
  const beyond = await listEvents(app, admin, `?user_id=${user.id}&per_page=2&page=9`)
  t.match(beyond.json(), { data: [], meta: { total: 5, links: { next: null, prev: link(3) } } })

  for (const bad of [
    '?type=no.such.type',
    '?since=yesterday',
    '?until=2030-01-01',
    // RFC 3339 date-times that no Date or timestamptz holds: a 400, not the 500 they were.
    '?since=2026-11-27T23:59:60Z',
    '?since=0000-01-01T00:00:00Z',
    '?until=0000-06-01T00:00:00.000Z',
    '?since=0001-01-01T00:30:00%2B01:00',
    '?user_id=0',
    '?user_id=abc',
    '?per_page=101',
    '?page=0',
  ]) {
    const res = await listEvents(app, admin, bad)
    t.equal(res.statusCode, 400, bad)
    t.match(res.json(), { success: false, error: { code: 'VALIDATION_ERROR' } })
  }
})

t.test('only administrators read the trail', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const refused = await app.inject({ method: 'GET', url: '/api/v1/audit-events', headers: user.headers })
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { success: false, error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } })
  const anonymous = await app.inject({ method: 'GET', url: '/api/v1/audit-events' })
  t.equal(anonymous.statusCode, 401)
  t.match(anonymous.json(), { success: false, error: { code: 'UNAUTHORIZED' } })
})

t.test('AUDIT_RETENTION: the housekeeping purge deletes events older than the window, and only those', async (t) => {
  const clock = manualClock()
  // A database of its own: the other tests' events have other ages.
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const env = { HOUSEKEEPING_INTERVAL: '0', AUDIT_RETENTION: '24h' }
  const app = await build(t, { database, clock: clock.now, env })
  const admin = await makeAdmin(app, await registerUser(app))
  const old = await registerUser(app)
  clock.advance(20 * HOUR)
  const recent = await registerUser(app)
  await app.audit.flush()

  t.equal(await app.purgeAuditEvents(), 0, 'nothing is older than 24 h yet')
  clock.advance(5 * HOUR) // the first events are 25 h old, the recent one 5 h
  const [first, second] = await Promise.all([app.purgeAuditEvents(), app.purgeAuditEvents()])
  t.equal((first ?? 0) + (second ?? 0), 3, 'two purges at once delete each old event once')
  t.same(await eventsOf(t, app, admin, `?user_id=${old.id}`), [])
  t.match(await eventsOf(t, app, admin, `?user_id=${recent.id}`), [{ type: 'user.registered' }])

  await t.test('0 keeps events for ever', async (t) => {
    const keeping = await build(t, { database, clock: clock.now, env: { ...env, AUDIT_RETENTION: '0' } })
    clock.advance(10_000 * HOUR)
    t.equal(await keeping.purgeAuditEvents(), 0)
    t.match(await eventsOf(t, app, admin, `?user_id=${recent.id}`), [{ type: 'user.registered' }])
  })
})
