import { and, eq, isNull, sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { refreshTokens, sessions } from '../../src/db/schema.js'
import { testBackend } from '../backend.js'
import { build, decodeJwt, refresh, registerUser, type TestUser } from '../helper.js'

type App = Awaited<ReturnType<typeof build>>

/**
 * PostgreSQL runs the requests of a round truly at once (a pool of connections); PGlite has one
 * connection and serialises them, so its rounds are cheaper races and fewer of them.
 */
const ROUNDS = testBackend() === 'postgres' ? 25 : 5
/** A holder that is never refused is a failure, not a hang. */
const MAX_ROTATIONS = 500

/**
 * A holder rotating its family's newest token in a loop until a refresh is refused. Once `fence()` is
 * called (when the racing request has answered), every refresh sent after it must be refused.
 */
function rotatingHolder(app: App, firstToken: string) {
  let token = firstToken
  let rotations = 0
  let fenced = false
  let lateSuccesses = 0
  const waiting: { count: number; resolve: () => void }[] = []
  const done = (async () => {
    for (let i = 0; i < MAX_ROTATIONS; i++) {
      const sentAfterFence = fenced
      const res = await refresh(app, token)
      if (res.statusCode !== 200) return res.statusCode
      if (sentAfterFence) lateSuccesses++
      token = res.json().data.refresh_token
      rotations++
      for (const wait of waiting.filter((entry) => entry.count <= rotations)) wait.resolve()
    }
    return 'never refused'
  })()
  return {
    /** Resolves once the holder has rotated `count` times (or has stopped). */
    rotated: (count: number) =>
      count <= rotations
        ? Promise.resolve()
        : Promise.race([new Promise<void>((resolve) => waiting.push({ count, resolve })), done.then(() => undefined)]),
    fence: () => {
      fenced = true
    },
    done,
    newest: () => token,
    lateSuccesses: () => lateSuccesses,
  }
}

/** Tokens of the family that could still be exchanged, and whether its session is revoked. */
async function familyState(app: App, family: string) {
  const [live] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenFamily, family), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
  const [session] = await app.db
    .select({ revoked: sql<boolean>`${sessions.revokedAt} IS NOT NULL` })
    .from(sessions)
    .where(eq(sessions.id, family))
  return { liveTokens: live?.n, revoked: session?.revoked }
}

/**
 * One round: a holder rotates in a loop, `act` races it (after `head` rotations, so the race lands at
 * different points), and after `act` has answered the holder must be refused, its newest token too.
 */
async function raceRound(
  t: Test,
  app: App,
  round: number,
  user: TestUser,
  firstToken: string,
  act: () => Promise<{ statusCode: number }>,
  expectedStatus: number,
) {
  const holder = rotatingHolder(app, firstToken)
  await holder.rotated(round % 3)
  const answer = await act()
  holder.fence()
  t.equal(answer.statusCode, expectedStatus, `round ${round}: the racing request answers ${expectedStatus}`)
  t.equal(await holder.done, 401, `round ${round}: the holder's loop is refused`)
  t.equal(holder.lateSuccesses(), 0, `round ${round}: no refresh sent after the answer succeeded`)
  t.equal((await refresh(app, holder.newest())).statusCode, 401, `round ${round}: the newest token is refused`)
  const family = decodeJwt(user.accessToken).claims.sid as string
  t.same(await familyState(app, family), { liveTokens: 0, revoked: true }, `round ${round}: the family is dead`)
}

t.test('a used token replayed while its holder rotates in a loop: the replay’s 401 ends the chain', async (t) => {
  const app = await build(t)
  for (let round = 0; round < ROUNDS; round++) {
    const user = await registerUser(app)
    const rotated = await refresh(app, user.refreshToken)
    t.equal(rotated.statusCode, 200)
    await raceRound(t, app, round, user, rotated.json().data.refresh_token, () => refresh(app, user.refreshToken), 401)
  }
})

t.test('a session signed out while its holder rotates: 204, and the session is dead and gone', async (t) => {
  const app = await build(t)
  for (let round = 0; round < ROUNDS; round++) {
    const user = await registerUser(app)
    const sid = decodeJwt(user.accessToken).claims.sid as string
    const signOut = () => app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${sid}`, headers: user.headers })
    await raceRound(t, app, round, user, user.refreshToken, signOut, 204)
    const list = await app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: user.headers })
    t.same(list.json().data, [], `round ${round}: gone from the list`)
  }
})

t.test('logout racing a loop of rotations', async (t) => {
  const app = await build(t)
  for (let round = 0; round < ROUNDS; round++) {
    const user = await registerUser(app)
    const logout = () => app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
    await raceRound(t, app, round, user, user.refreshToken, logout, 200)
  }
})

t.test('account deletion racing a loop of rotations', async (t) => {
  const app = await build(t)
  for (let round = 0; round < ROUNDS; round++) {
    const user = await registerUser(app)
    const remove = () => app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
    await raceRound(t, app, round, user, user.refreshToken, remove, 204)
  }
})

t.test('two sessions of one user rotate independently while a third is signed out', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const login = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: user.password },
      })
    ).json().data
  const [a, b] = [await login(), await login()]
  const sid = decodeJwt(user.accessToken).claims.sid as string
  const [first, second, signOut] = await Promise.all([
    refresh(app, a.refresh_token),
    refresh(app, b.refresh_token),
    app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${sid}`, headers: user.headers }),
  ])
  t.equal(first.statusCode, 200)
  t.equal(second.statusCode, 200)
  t.equal(signOut.statusCode, 204)
  t.equal((await refresh(app, user.refreshToken)).statusCode, 401, 'the signed-out session is dead')
})
