import { sql } from 'drizzle-orm'
import t from 'tap'
import { build, registerUser } from '../helper.js'

t.test('SERVER_WRITETIMEOUT answers 503 for a request the database holds up', async (t) => {
  const user = await registerUser(await build(t))
  const app = await build(t, { env: { SERVER_WRITETIMEOUT: '1s' } })

  // Another transaction holds the user's row lock, which logout needs: the database makes it wait.
  let release = () => {}
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  const holder = app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`)
    locked()
    await new Promise<void>((resolve) => {
      release = resolve
    })
  })
  await isLocked

  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
  t.equal(res.statusCode, 503)
  t.match(res.json(), {
    success: false,
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable',
      request_id: res.headers['x-request-id'],
    },
  })

  release()
  await holder
  const again = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
  t.equal(again.statusCode, 200, 'once the database answers, so does the service')
})
