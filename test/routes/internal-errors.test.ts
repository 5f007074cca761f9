import { sql } from 'drizzle-orm'
import t from 'tap'
import { build, captureLogs, freshDatabase, registerUser, uniqueEmail } from '../helper.js'

t.test('a failing database is a 500 INTERNAL_ERROR in the envelope; the cause stays in the log', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const logs = captureLogs()
  const app = await build(t, { database, logStream: logs.stream, env: { LOG_LEVEL: 'info' } })
  const user = await registerUser(app)
  await database.db.execute(sql`ALTER TABLE refresh_tokens RENAME TO refresh_tokens_moved_away`)
  await database.db.execute(sql`ALTER TABLE users RENAME TO users_moved_away`)

  for (const [method, url, payload, headers] of [
    ['POST', '/api/v1/auth/register', { name: 'New User', email: uniqueEmail(), password: 'secret1' }, {}],
    ['POST', '/api/v1/auth/login', { email: user.email, password: user.password }, {}],
    ['POST', '/api/v1/auth/refresh', { refresh_token: user.refreshToken }, {}],
    ['POST', '/api/v1/auth/logout', undefined, user.headers],
    ['GET', `/api/v1/users/${user.id}`, undefined, user.headers],
    ['PUT', `/api/v1/users/${user.id}`, { name: 'Renamed' }, user.headers],
    ['DELETE', `/api/v1/users/${user.id}`, undefined, user.headers],
  ] as const) {
    const res = await app.inject({ method, url, payload, headers })
    t.equal(res.statusCode, 500, `${method} ${url}`)
    t.same(
      Object.keys(res.json().error).sort(),
      ['code', 'message', 'path', 'request_id', 'timestamp'],
      `${method} ${url}: no details`,
    )
    t.match(res.json(), { success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } })
    t.notMatch(res.body, /relation|moved_away|does not exist/, 'nothing of the cause reaches the caller')
  }
  const failures = logs.lines.filter((line) => line.status === 500)
  t.equal(failures.length, 7, 'each failure is one log line')
  for (const line of failures) t.match(line, { level: 50, err: { message: /relation|does not exist/ } })
  t.notOk(logs.raw.join('\n').includes(user.password), 'no password in the log')
})

t.test('NODE_ENV=development puts the cause in details, without query parameters', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const app = await build(t, { database, env: { NODE_ENV: 'development' } })
  await database.db.execute(sql`ALTER TABLE users RENAME TO users_moved_away`)
  const password = 'a-password-to-look-for'
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'New User', email: uniqueEmail(), password },
  })
  t.equal(res.statusCode, 500)
  t.match(res.json().error, { code: 'INTERNAL_ERROR', details: /users/ })
  t.notMatch(res.body, /\$2[aby]\$|a-password-to-look-for|params/, 'no hash, password or query parameters')
})
