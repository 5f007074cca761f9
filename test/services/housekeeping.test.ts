import { eq, sql } from 'drizzle-orm'
import t from 'tap'
import { refreshTokens } from '../../src/db/schema.js'
import { build, manualClock, refresh, registerUser } from '../helper.js'

const HOUR = 3_600_000

t.test('dead sessions and their tokens are purged after the retention window, live ones never', async (t) => {
  const clock = manualClock()
  const app = await build(t, { clock: clock.now, env: { HOUSEKEEPING_INTERVAL: '0', REFRESH_TOKEN_RETENTION: '168h' } })
  const rowsOf = async (userId: number) =>
    (
      await app.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens).where(eq(refreshTokens.userId, userId))
    )[0]?.n

  const loggedOut = await registerUser(app)
  await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: loggedOut.headers })
  const active = await registerUser(app)
  const rotating = await registerUser(app)
  const rotated = await refresh(app, rotating.refreshToken)
  t.equal(rotated.statusCode, 200)

  clock.advance(100 * HOUR)
  t.equal(await app.purgeRefreshTokens(), 0, 'nothing is dead for longer than the window yet')
  t.equal(await rowsOf(loggedOut.id), 1)
  const reuse = await refresh(app, rotating.refreshToken)
  t.equal(reuse.statusCode, 401, 'reuse inside the window is still detected')
  t.equal(await rowsOf(rotating.id), 2, 'and its family is revoked, not deleted')

  clock.advance(70 * HOUR) // the logout is 170 h old, the reuse revocation 70 h
  const [first, second] = await Promise.all([app.purgeRefreshTokens(), app.purgeRefreshTokens()])
  t.equal((first ?? 0) + (second ?? 0), 1, 'two purges at once delete each session once')
  t.equal(await rowsOf(loggedOut.id), 0, 'the family revoked 170 h ago is gone')
  t.equal(await rowsOf(rotating.id), 2, 'the family revoked 70 h ago stays')
  t.equal(await rowsOf(active.id), 1, 'an active family stays')

  clock.advance(200 * HOUR)
  t.equal(await app.purgeRefreshTokens(), 2, 'expired and revoked sessions go once the window has passed')
  t.equal(await rowsOf(active.id), 0)
  t.equal(await rowsOf(rotating.id), 0)
})
