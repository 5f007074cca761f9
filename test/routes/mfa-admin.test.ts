import { sql } from 'drizzle-orm'
import t from 'tap'
import { mfa } from '../../scripts/admin/mfa.js'
import { rowsOf } from '../../src/db/raw-rows.js'
import { type App, build, login, makeAdmin, manualClock, registerUser, scrapeMetrics, TEST_MFA_KEY } from '../helper.js'
import { enableTotp, mfaRequest, stepStart } from '../mfa.js'
import { runTool } from '../scripts/run-tool.js'

const removeFactors = (app: App, id: number | string, headers: Record<string, string>) =>
  app.inject({ method: 'DELETE', url: `/api/v1/users/${id}/mfa`, headers })

const auditTypes = async (app: App, userId: number) => {
  await app.audit.flush()
  return rowsOf<{ type: string; details: Record<string, unknown> | string }>(
    await app.db.execute(sql`SELECT type, details FROM audit_events WHERE user_id = ${userId} ORDER BY id`),
  )
}

t.test('an administrator takes every factor off a user; the password alone signs in again', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now, env: { METRICS_ENABLED: 'true' } })
  const admin = await makeAdmin(app, await registerUser(app))
  const user = await registerUser(app)
  await enableTotp(app, user, clock.now)
  t.match((await login(app, user.email, user.password)).json().data, { mfa_required: true })

  const res = await removeFactors(app, user.id, admin.headers)
  t.equal(res.statusCode, 204)
  t.same((await mfaRequest(app, user, 'GET', '')).json().data, { totp: false, recovery_codes_left: 0, passkeys: 0 })
  t.match((await login(app, user.email, user.password)).json().data, { mfa_required: false, access_token: String })
  t.equal((await removeFactors(app, user.id, admin.headers)).statusCode, 204, 'nothing left to remove is fine')

  const events = (await auditTypes(app, user.id)).filter((row) => row.type === 'mfa.reset')
  t.equal(events.length, 1, 'one audit event, for the change that happened')
  t.match(await scrapeMetrics(app), /auth_mfa_changes_total\{change="reset"\} 1/)

  await enableTotp(app, admin, clock.now)
  t.equal((await removeFactors(app, admin.id, admin.headers)).statusCode, 204, 'an administrator’s own id too')
})

t.test('only administrators, as their stored record says', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  await enableTotp(app, user, clock.now)

  const own = await removeFactors(app, user.id, user.headers)
  t.equal(own.statusCode, 403, 'not even the user’s own factors without the password and a code')
  t.match(own.json(), { error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } })
  t.equal((await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}/mfa` })).statusCode, 401)

  const former = await makeAdmin(app, await registerUser(app))
  await app.repos.users.revokeRole(former.id, 'admin')
  const demoted = await removeFactors(app, user.id, former.headers)
  t.equal(demoted.statusCode, 403, 'a token that still says admin, of an account demoted since')

  const admin = await makeAdmin(app, await registerUser(app))
  t.equal((await removeFactors(app, 2_000_000_000, admin.headers)).statusCode, 404)
  t.match((await removeFactors(app, 'abc', admin.headers)).json(), { error: { message: 'Invalid user ID' } })
  t.same(
    (await mfaRequest(app, user, 'GET', '')).json().data,
    { totp: true, recovery_codes_left: 10, passkeys: 0 },
    'nothing changed',
  )
})

t.test('the admin tool resets a user when no administrator can sign in, and reseals after a rotation', async (t) => {
  const clock = manualClock(stepStart() + 10_000)
  const app = await build(t, { clock: clock.now })
  const user = await registerUser(app)
  await enableTotp(app, user, clock.now)

  const reset = await runTool(mfa, ['reset', '--email', user.email.toUpperCase()])
  t.equal(reset.code, 0, reset.stderr)
  t.match(reset.stdout, /^Removed every second factor of Test User <.+> \(id \d+\); the password alone signs in now\n$/)
  t.match((await login(app, user.email, user.password)).json().data, { mfa_required: false })
  const again = await runTool(mfa, ['reset', '--email', user.email])
  t.equal(again.code, 0)
  t.match(again.stdout, /has no second factor; nothing to remove/)
  const recorded = (await auditTypes(app, user.id)).find((row) => row.type === 'mfa.reset')
  t.match(JSON.stringify(recorded?.details), /"tool":\s*"mfa"/, 'recorded as the tool')

  const nobody = await runTool(mfa, ['reset', '--email', 'nobody@example.com'])
  t.equal(nobody.code, 1)
  t.match(nobody.stderr, /No live user has the email nobody@example.com/)
  t.equal((await runTool(mfa, ['wipe'])).code, 1)

  // A rotation: the user's secret is sealed under the test key; the tool moves it to a new one.
  await enableTotp(app, user, clock.now)
  const newKey = 'rotated-mfa-key-0123456789abcdef0123456789'
  const sealedBefore = rowsOf<{ s: string }>(
    await app.db.execute(sql`SELECT secret_sealed AS s FROM mfa_totp WHERE user_id = ${user.id}`),
  )[0]?.s
  const missingPrevious = await runTool(mfa, ['reseal'], { env: { MFA_ENCRYPTION_KEY: newKey } })
  t.equal(missingPrevious.code, 1, 'without the previous key the secret cannot move')
  t.match(missingPrevious.stderr, new RegExp(`neither key opens the secrets of user ids .*\\b${user.id}\\b`))
  const resealed = await runTool(mfa, ['reseal'], {
    env: { MFA_ENCRYPTION_KEY: newKey, MFA_ENCRYPTION_KEY_PREVIOUS: TEST_MFA_KEY },
  })
  t.equal(resealed.code, 0, resealed.stderr)
  t.match(resealed.stdout, /^Resealed [1-9]\d* TOTP secrets under MFA_ENCRYPTION_KEY/)
  const sealedAfter = rowsOf<{ s: string }>(
    await app.db.execute(sql`SELECT secret_sealed AS s FROM mfa_totp WHERE user_id = ${user.id}`),
  )[0]?.s
  t.not(sealedAfter?.split('.')[1], sealedBefore?.split('.')[1], 'under the new key')

  const rotated = await build(t, { clock: clock.now, env: { MFA_ENCRYPTION_KEY: newKey } })
  const wrong = await mfaRequest(rotated, user, 'DELETE', '/totp', { password: user.password, code: '000000' })
  t.equal(wrong.statusCode, 401, 'the new key alone opens it: a wrong code is just wrong, not a 503')
})
