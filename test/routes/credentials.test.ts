import { sql } from 'drizzle-orm'
import t from 'tap'
import {
  type App,
  build,
  login,
  makeAdmin,
  refresh,
  registerUser,
  scrapeMetrics,
  type TestUser,
  uniqueEmail,
} from '../helper.js'

// docs/contract.md, Credentials: a password change is not raced or undone by logins with the old password,
// a failed current-password check counts as a login failure, and an administrator's powers end with
// the stored record, whatever the token says.

const changePassword = (app: App, user: TestUser, current: string, next: string, remoteAddress?: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}/password`,
    headers: user.headers,
    payload: { current_password: current, new_password: next },
    ...(remoteAddress ? { remoteAddress } : {}),
  })

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The user's live sessions, as the sessions list shows them to the holder of `accessToken`. */
const liveSessions = async (app: App, accessToken: string): Promise<number> => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(accessToken) })
  return (res.json().data as unknown[]).length
}

t.test('logins with the old password in flight during a change leave no live session', async (t) => {
  const app = await build(t)
  const rounds = 6
  let survivors = 0
  let raced = 0
  for (let round = 0; round < rounds; round++) {
    const owner = await registerUser(app)
    let changed = false
    const stolen: string[] = []
    // The attacker keeps four logins with the old password in flight until after the change is answered.
    const attacker = async () => {
      let after = 0
      while (!changed || after++ < 3) {
        const res = await login(app, owner.email, owner.password)
        if (res.statusCode === 200) stolen.push(res.json().data.refresh_token)
      }
    }
    const attackers = Array.from({ length: 4 }, attacker)
    await new Promise((resolve) => setTimeout(resolve, 5 * round))
    const change = await changePassword(app, owner, owner.password, `new passphrase ${round}`)
    changed = true
    await Promise.all(attackers)
    t.equal(change.statusCode, 200, 'the change succeeds')
    raced += stolen.length

    const sessions = await liveSessions(app, change.json().data.access_token)
    for (const token of stolen) if ((await refresh(app, token)).statusCode === 200) survivors++
    t.equal(sessions, 1, `round ${round}: the owner's session is the only live one`)
  }
  t.comment(`${raced} sessions won by the old password during ${rounds} changes; ${survivors} still refresh`)
  t.ok(raced > 0, 'the attacker did get sessions before the change')
  t.equal(survivors, 0, 'no session of the old password refreshes after the change')
})

t.test('a rehash at another cost never writes the old password back over a change', async (t) => {
  // Two instances on one database whose BCRYPT_COST differs, as in a rollout: every login through the
  // second one rehashes the first one's hashes.
  const first = await build(t)
  const second = await build(t, { env: { BCRYPT_COST: '5' } })
  let undone = 0
  for (let round = 0; round < 6; round++) {
    const owner = await registerUser(first)
    const next = `new passphrase ${round}`
    const logins = Array.from({ length: 6 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 2))
      return login(second, owner.email, owner.password)
    })
    const change = await changePassword(first, owner, owner.password, next)
    await Promise.all(logins)
    t.equal(change.statusCode, 200)
    const withNew = (await login(first, owner.email, next)).statusCode
    if (withNew !== 200) undone++
    t.equal(withNew, 200, `round ${round}: the new password logs in`)
    t.equal((await login(first, owner.email, owner.password)).statusCode, 401, `round ${round}: the old one does not`)
  }
  t.comment(`${undone} of 6 changes undone by a rehash`)
})

t.test('a login that rehashes replaces the stored hash with one at the configured cost', async (t) => {
  const first = await build(t)
  const second = await build(t, { env: { BCRYPT_COST: '5' } })
  const user = await registerUser(first)
  t.equal((await login(second, user.email, user.password)).statusCode, 200)
  const stored = await second.repos.users.findByEmailWithPassword(user.email)
  t.match(stored?.passwordHash, /^\$2[aby]\$05\$/, 'the hash is at cost 5 now')
  t.equal((await login(first, user.email, user.password)).statusCode, 200, 'and still verifies the password')
})

t.test('two changes made with the same current password: one wins', async (t) => {
  const app = await build(t)
  const owner = await registerUser(app)
  const answers = await Promise.all([
    changePassword(app, owner, owner.password, 'first new passphrase'),
    changePassword(app, owner, owner.password, 'second new passphrase'),
  ])
  t.same(answers.map((res) => res.statusCode).sort(), [200, 401])
  const winner = answers[0]?.statusCode === 200 ? 'first new passphrase' : 'second new passphrase'
  const loser = winner === 'first new passphrase' ? 'second new passphrase' : 'first new passphrase'
  t.equal((await login(app, owner.email, winner)).statusCode, 200, 'the winner’s password logs in')
  t.equal((await login(app, owner.email, loser)).statusCode, 401, 'the other one does not')
})

t.test('failed current-password checks count in the login throttle', async (t) => {
  const app = await build(t, {
    env: {
      LOGIN_THROTTLE_ENABLED: 'true',
      LOGIN_THROTTLE_ACCOUNT_FAILURES: '3',
      LOGIN_THROTTLE_ACCOUNT_WINDOW: '1h',
      LOGIN_THROTTLE_ADDRESS_FAILURES: '5',
      LOGIN_THROTTLE_ADDRESS_WINDOW: '1h',
    },
  })
  const owner = await registerUser(app)
  const address = '198.51.100.7'
  const statuses: number[] = []
  for (let i = 0; i < 4; i++)
    statuses.push((await changePassword(app, owner, `wrong guess ${i}`, 'a new passphrase', address)).statusCode)
  t.same(statuses, [401, 401, 401, 429], 'the fourth guess is held back')
  const held = await changePassword(app, owner, owner.password, 'a new passphrase', address)
  t.equal(held.statusCode, 429, 'even the right password waits: the guess is not checked')
  t.match(held.headers['retry-after'], /^\d+$/)
  t.match(held.json(), { success: false, error: { code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' } })
  t.equal(
    (await login(app, owner.email, owner.password, {})).statusCode,
    429,
    'the account’s login bucket is the one the guesses used',
  )
  const metrics = await scrapeMetrics(app)
  t.match(metrics, /^auth_logins_total\{result="failure"\} 3$/m, 'each failed check is a login failure')

  const fresh = await registerUser(app)
  const other = await changePassword(app, fresh, `wrong guess`, 'a new passphrase', '198.51.100.8')
  t.equal(other.statusCode, 401, 'another account from another address is not held back')
})

t.test('a deleted or demoted administrator is refused at once, whatever its token says', async (t) => {
  const app = await build(t)
  const target = await registerUser(app)
  const demoted = await makeAdmin(app, await registerUser(app))
  const deleted = await makeAdmin(app, await registerUser(app))
  const admin = await makeAdmin(app, await registerUser(app))

  /** Every administrator-only route, on the current target. */
  const adminRoutes = () =>
    [
      { method: 'GET', url: '/api/v1/users' },
      { method: 'GET', url: '/api/v1/audit-events' },
      { method: 'GET', url: `/api/v1/users/${target.id}` },
      { method: 'PUT', url: `/api/v1/users/${target.id}`, payload: { name: 'Renamed' } },
      { method: 'DELETE', url: `/api/v1/users/${target.id}` },
    ] as const
  for (const route of adminRoutes()) {
    const res = await app.inject({ ...route, headers: demoted.headers })
    t.not(res.statusCode, 403, `${route.method} ${route.url}: allowed before the demotion`)
    if (route.method === 'DELETE') {
      t.equal(res.statusCode, 204)
      // The target is gone: bring up another one for the rest.
      Object.assign(target, await registerUser(app, { email: uniqueEmail('target') }))
    }
  }

  await app.repos.users.revokeRole(demoted.id, 'admin')
  const deletion = await app.inject({ method: 'DELETE', url: `/api/v1/users/${deleted.id}`, headers: deleted.headers })
  t.equal(deletion.statusCode, 204)

  for (const [who, caller] of [
    ['demoted', demoted],
    ['deleted', deleted],
  ] as const)
    for (const route of adminRoutes()) {
      const res = await app.inject({ ...route, headers: caller.headers })
      t.equal(res.statusCode, 403, `${who}: ${route.method} ${route.url}`)
      t.match(res.json(), { error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } })
    }

  const still = await app.inject({ method: 'GET', url: `/api/v1/users/${target.id}`, headers: admin.headers })
  t.equal(still.statusCode, 200, 'nothing was done to the target')
  t.equal(still.json().data.name, target.name)
  const own = await app.inject({ method: 'GET', url: `/api/v1/users/${demoted.id}`, headers: demoted.headers })
  t.equal(own.statusCode, 200, 'a demoted administrator still reads its own record')
})

t.test('a session of an older credential version does not refresh, even if nothing revoked it', async (t) => {
  const app = await build(t)
  const owner = await registerUser(app)
  // As if a change had moved the version without reaching this session: the refresh must still fail.
  await app.db.execute(sql`UPDATE users SET credential_version = credential_version + 1 WHERE id = ${owner.id}`)
  const res = await refresh(app, owner.refreshToken)
  t.equal(res.statusCode, 401)
  t.match(res.json(), { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token' } })
})
