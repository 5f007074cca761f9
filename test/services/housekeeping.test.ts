import { eq, sql } from 'drizzle-orm'
import t from 'tap'
import { rowsOf } from '../../src/db/raw-rows.js'
import { refreshTokens } from '../../src/db/schema.js'
import { build, login, manualClock, refresh, registerUser } from '../helper.js'
import { enableTotp, mfaRequest, stepStart } from '../mfa.js'

const HOUR = 3_600_000

t.test('dead sessions and their tokens are purged after the retention window, live ones never', async (t) => {
  const clock = manualClock()
  const app = await build(t, { clock: clock.now, env: { HOUSEKEEPING_INTERVAL: '0', REFRESH_TOKEN_RETENTION: '168h' } })
  const tokenRows = async (userId: number) =>
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
  t.equal(await tokenRows(loggedOut.id), 1)
  const reuse = await refresh(app, rotating.refreshToken)
  t.equal(reuse.statusCode, 401, 'reuse inside the window is still detected')
  t.equal(await tokenRows(rotating.id), 2, 'and its family is revoked, not deleted')

  clock.advance(70 * HOUR) // the logout is 170 h old, the reuse revocation 70 h
  const [first, second] = await Promise.all([app.purgeRefreshTokens(), app.purgeRefreshTokens()])
  t.equal((first ?? 0) + (second ?? 0), 1, 'two purges at once delete each session once')
  t.equal(await tokenRows(loggedOut.id), 0, 'the family revoked 170 h ago is gone')
  t.equal(await tokenRows(rotating.id), 2, 'the family revoked 70 h ago stays')
  t.equal(await tokenRows(active.id), 1, 'an active family stays')

  clock.advance(200 * HOUR)
  t.equal(await app.purgeRefreshTokens(), 2, 'expired and revoked sessions go once the window has passed')
  t.equal(await tokenRows(active.id), 0)
  t.equal(await tokenRows(rotating.id), 0)
})

t.test('dead second-factor ceremonies are purged; live ones and enabled factors stay', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now, env: { HOUSEKEEPING_INTERVAL: '0' } })
  const count = async (table: string) =>
    rowsOf<{ n: number }>(await app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]?.n

  const enabled = await registerUser(app)
  await enableTotp(app, enabled, clock.now)
  t.match((await login(app, enabled.email, enabled.password)).json().data, { mfa_required: true })
  const pending = await registerUser(app)
  t.equal((await mfaRequest(app, pending, 'POST', '/totp', { password: pending.password })).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/auth/passkeys/authentication/options' })).statusCode, 200)
  const before = {
    challenges: await count('mfa_challenges'),
    webauthn: await count('webauthn_challenges'),
    totp: await count('mfa_totp'),
  }
  t.ok(before.challenges && before.webauthn && before.totp, 'one of each is there')

  t.equal(await app.purgeCeremonies(), 0, 'nothing is dead yet')
  clock.advance(6 * 60_000)
  const [first, second] = await Promise.all([app.purgeCeremonies(), app.purgeCeremonies()])
  t.equal(first + second, (before.challenges ?? 0) + (before.webauthn ?? 0), 'the five-minute challenges go once')
  t.equal(await count('mfa_totp'), before.totp, 'a pending enrolment lives 30 minutes')

  clock.advance(25 * 60_000)
  const code = (await mfaRequest(app, pending, 'POST', '/totp/confirm', { code: '000000' })).statusCode
  t.equal(code, 409, 'a pending enrolment past its 30 minutes cannot be confirmed')
  t.equal(await app.purgeCeremonies(), 1, 'and is purged')
  t.equal(await count('mfa_totp'), (before.totp ?? 0) - 1, 'the enabled factor stays')
})

t.test('the records of mails sent or given up go with the audit events; pending mail stays', async (t) => {
  const clock = manualClock()
  const app = await build(t, { clock: clock.now, env: { HOUSEKEEPING_INTERVAL: '0', AUDIT_RETENTION: '24h' } })
  const { mailOutbox } = app.repos
  const mail = (recipient: string) => ({
    template: 'notice',
    userId: null,
    recipient,
    subject: 'Hello',
    text: 'Hello',
    html: '<p>Hello</p>',
    giveUpAt: new Date(clock.now().getTime() + 1000 * HOUR),
  })
  for (const recipient of ['sent@example.com', 'failed@example.com', 'pending@example.com'])
    await mailOutbox.add(mail(recipient), clock.now())
  const ids = async () =>
    rowsOf<{ recipient: string }>(await app.db.execute(sql`SELECT recipient FROM mail_outbox ORDER BY id`)).map(
      (row) => row.recipient,
    )
  const [sent, failed] = rowsOf<{ id: number | string }>(
    await app.db.execute(sql`SELECT id FROM mail_outbox ORDER BY id LIMIT 2`),
  ).map((row) => Number(row.id))
  await mailOutbox.markSent(sent as number, clock.now())
  await mailOutbox.markFailed(failed as number, clock.now(), 'refused')

  await app.purgeAuditEvents()
  t.equal((await ids()).length, 3, 'kept for 24 h')
  clock.advance(25 * HOUR)
  // The file's other tests left audit events behind, which go in the same purge.
  t.ok((await app.purgeAuditEvents()) >= 2)
  t.same(await ids(), ['pending@example.com'], 'mail still to be sent is never purged')
})
