import t, { type Test } from 'tap'
import { build, decodeJwt, manualClock, refresh, registerUser } from '../helper.js'

const HOUR = 3_600_000

function assertRefused(t: Test, res: Awaited<ReturnType<typeof refresh>>, what: string) {
  t.equal(res.statusCode, 401, what)
  t.match(
    res.json(),
    { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token' } },
    what,
  )
}

t.test('a refresh token is exchanged once for a new pair in the same family', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const res = await refresh(app, user.refreshToken)
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.match(body, {
    success: true,
    data: { access_token: String, refresh_token: /^[0-9a-f]{64}$/, token_type: 'Bearer', expires_in: 900 },
  })
  t.notOk('user' in body.data, 'refresh answers without the user object')
  t.not(body.data.refresh_token, user.refreshToken)
  t.match(decodeJwt(body.data.access_token).claims, { user_id: user.id, roles: ['user'] })
  t.equal((await refresh(app, body.data.refresh_token)).statusCode, 200, 'the new token works')
})

t.test('the order of checks: unknown, revoked, expired, used', async (t) => {
  const clock = manualClock()
  const app = await build(t, { clock: clock.now })

  t.test('unknown and malformed tokens', async (t) => {
    for (const token of ['0'.repeat(64), 'not a token', 'ff'])
      assertRefused(t, await refresh(app, token), `unknown ${token}`)
  })

  // docs/contract.md: any string, whatever its length or characters, is looked up; none is a 400.
  t.test('an access token sent by mistake, and tokens of any length or characters, are the 401', async (t) => {
    const user = await registerUser(app)
    assertRefused(t, await refresh(app, user.accessToken), 'an access token')
    for (const [what, token] of [
      ['one character', 'x'],
      ['257 characters', 'a'.repeat(257)],
      ['32 KiB', 'f'.repeat(32 * 1024)],
      ['a NUL and other controls', 'ab\u0000cd\u001b[31m'],
      ['emoji and combining marks', '😀a\u0301𝄞'],
      ['spaces around a real token', ` ${user.refreshToken} `],
    ] as const)
      assertRefused(t, await refresh(app, token), what)
    t.equal((await refresh(app, user.refreshToken)).statusCode, 200, 'the real token still works')
  })

  t.test('a missing token is a validation error', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} })
    t.equal(res.statusCode, 400)
    t.match(res.json().error, {
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      details: { RefreshToken: 'RefreshToken is required' },
    })
    const empty = await refresh(app, '')
    t.equal(empty.statusCode, 400, 'an empty token is a missing one')
    t.same(empty.json().error.details, { RefreshToken: 'RefreshToken is required' })
    const wrongType = await refresh(app, 12345)
    t.equal(wrongType.statusCode, 400)
    t.same(wrongType.json().error.details, { RefreshToken: 'RefreshToken must be a string' })
  })

  t.test('expiry after JWT_REFRESH_TOKEN_TTL, and a rotated token lives a fresh TTL', async (t) => {
    const user = await registerUser(app)
    clock.advance(100 * HOUR)
    const rotated = await refresh(app, user.refreshToken)
    t.equal(rotated.statusCode, 200, 'valid before 168 hours')
    const next = rotated.json().data.refresh_token
    clock.advance(100 * HOUR) // 200 h after registration, 100 h after rotation
    const again = await refresh(app, next)
    t.equal(again.statusCode, 200, 'the rotated token got its own 168 hours')
    clock.advance(168 * HOUR)
    assertRefused(t, await refresh(app, again.json().data.refresh_token), 'expired')
  })

  t.test('a token expires at exactly its expiry time', async (t) => {
    const user = await registerUser(app)
    clock.advance(168 * HOUR - 1)
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    })
    t.equal((await refresh(app, user.refreshToken)).statusCode, 200, 'a millisecond before')
    clock.advance(168 * HOUR)
    assertRefused(t, await refresh(app, login.json().data.refresh_token), 'at expiry')
  })

  t.test('an expired token that was also used is refused', async (t) => {
    const user = await registerUser(app)
    const rotated = (await refresh(app, user.refreshToken)).json().data.refresh_token
    clock.advance(168 * HOUR + 1000)
    assertRefused(t, await refresh(app, user.refreshToken), 'expired and used')
    assertRefused(t, await refresh(app, rotated), 'the rotated one expired too')
  })

  t.test('revoked tokens are refused', async (t) => {
    const user = await registerUser(app)
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
    assertRefused(t, await refresh(app, user.refreshToken), 'revoked')
  })
})

t.test('reuse of a used token revokes the whole family, and the revocation sticks', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const other = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })
  const first = (await refresh(app, user.refreshToken)).json().data.refresh_token
  const second = (await refresh(app, first)).json().data.refresh_token

  assertRefused(t, await refresh(app, user.refreshToken), 'reuse of the first token')
  assertRefused(t, await refresh(app, second), 'the newest token of the family is revoked')
  assertRefused(t, await refresh(app, first), 'and every other')
  t.equal((await refresh(app, other.json().data.refresh_token)).statusCode, 200, 'another family is untouched')
})

t.test('concurrent refreshes with one token: exactly one wins, and its new token is revoked too', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  for (let round = 0; round < 5; round++) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const token = login.json().data.refresh_token
    const results = await Promise.all(Array.from({ length: 50 }, () => refresh(app, token)))
    const winners = results.filter((res) => res.statusCode === 200)
    t.equal(winners.length, 1, `round ${round}: one winner`)
    t.equal(results.filter((res) => res.statusCode === 401).length, 49, `round ${round}: 49 refused, no 500`)
    const winnerToken = winners[0]?.json().data.refresh_token
    assertRefused(t, await refresh(app, winnerToken), `round ${round}: the winner's token is revoked by the reuse`)
  }
})

t.test('roles are read at refresh time', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  await app.repos.users.grantRole(user.id, 'auditor')
  const res = await refresh(app, user.refreshToken)
  t.same(decodeJwt(res.json().data.access_token).claims.roles, ['user', 'auditor'])
})

t.test('a deleted user cannot refresh', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const del = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(del.statusCode, 204)
  assertRefused(t, await refresh(app, user.refreshToken), 'deleted user')
})

t.test('logout racing refreshes never leaves a working token behind', async (t) => {
  const app = await build(t)
  for (let round = 0; round < 30; round++) {
    const user = await registerUser(app)
    const [logout, ...refreshes] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers }),
      refresh(app, user.refreshToken),
      refresh(app, user.refreshToken),
    ])
    t.equal(logout?.statusCode, 200)
    for (const res of refreshes) {
      t.ok([200, 401].includes(res.statusCode), `round ${round}: ${res.statusCode}`)
      if (res.statusCode === 200)
        assertRefused(t, await refresh(app, res.json().data.refresh_token), `round ${round}: issued during logout`)
    }
  }
})
