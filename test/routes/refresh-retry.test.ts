import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import postgres from 'postgres'
import t from 'tap'
import { refreshTokens } from '../../src/db/schema.js'
import { hashToken } from '../../src/services/tokens.js'
import { testBackend } from '../backend.js'
import {
  type App,
  backend,
  build,
  captureLogs,
  decodeJwt,
  fileDatabase,
  manualClock,
  refresh,
  registerUser,
  scrapeMetrics,
  type TestUser,
} from '../helper.js'

/** A loaded machine's first hash can outlast the production write deadline; these tests are not about it. */
const PATIENT = { SERVER_WRITETIMEOUT: '60s' }
const RETRY = { ...PATIENT, REFRESH_TOKEN_REUSE_INTERVAL: '10s' }
/** PGlite's one connection answers them one by one, slowly on a loaded machine: fewer there. */
const PRESENTATIONS = testBackend() === 'postgres' ? 20 : 8

/** The family's tokens that could still be exchanged. */
async function liveTokens(app: App, family: string) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenFamily, family), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
  return row?.n
}

const metric = async (app: App, line: string) =>
  (await scrapeMetrics(app)).split('\n').find((entry) => entry.startsWith(line))

t.test('a retry inside REFRESH_TOKEN_REUSE_INTERVAL gets the same successor while it is unused', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { ...RETRY, LOG_LEVEL: 'info' }, logStream: logs.stream })
  const user = await registerUser(app)
  const family = decodeJwt(user.accessToken).claims.sid as string

  const first = await refresh(app, user.refreshToken)
  t.equal(first.statusCode, 200)
  const successor = first.json().data.refresh_token
  const retry = await refresh(app, user.refreshToken)
  t.equal(retry.statusCode, 200, 'the lost answer is given again')
  t.equal(retry.json().data.refresh_token, successor, 'the same successor')
  t.not(retry.json().data.access_token, first.json().data.access_token, 'with a new access token')
  t.equal(decodeJwt(retry.json().data.access_token).claims.sid, family, 'of the same session')
  t.equal(await liveTokens(app, family), 1, 'the family still has exactly one live token')

  const line = logs.lines.find((entry) => entry.request_id === retry.headers['x-request-id'])
  t.match(line, { level: 30, status: 200, refresh: { outcome: 'retried', family, user_id: user.id } })
  t.equal(await metric(app, 'auth_refreshes_total{outcome="retried"}'), 'auth_refreshes_total{outcome="retried"} 1')

  const next = await refresh(app, successor)
  t.equal(next.statusCode, 200, 'the successor works once')
  const again = await refresh(app, user.refreshToken)
  t.equal(again.statusCode, 401, 'once the successor was used, the first token is a reuse')
  t.equal((await refresh(app, next.json().data.refresh_token)).statusCode, 401, 'and the family is revoked')
  t.equal(await liveTokens(app, family), 0)

  const stored = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenFamily, family))
  const text = JSON.stringify(stored)
  for (const token of [user.refreshToken, successor, next.json().data.refresh_token])
    t.notOk(text.includes(token), 'no raw refresh token is stored')
  t.ok(
    stored.some((row) => row.tokenHash === hashToken(user.refreshToken) && row.successorSealed),
    'the successor is kept sealed',
  )
})

t.test('past the interval the spec’s reuse rule applies', async (t) => {
  const clock = manualClock()
  const app = await build(t, { env: RETRY, clock: clock.now })
  const user = await registerUser(app)
  const successor = (await refresh(app, user.refreshToken)).json().data.refresh_token
  clock.advance(9_999)
  t.equal((await refresh(app, user.refreshToken)).statusCode, 200, 'just inside the interval')
  clock.advance(2)
  t.equal((await refresh(app, user.refreshToken)).statusCode, 401, 'just past it')
  t.equal((await refresh(app, successor)).statusCode, 401, 'the family is revoked')
})

t.test('concurrent presentations inside the interval all get the same successor', async (t) => {
  const app = await build(t, { env: RETRY })
  for (let round = 0; round < 5; round++) {
    const user = await registerUser(app)
    const family = decodeJwt(user.accessToken).claims.sid as string
    const results = await Promise.all(Array.from({ length: PRESENTATIONS }, () => refresh(app, user.refreshToken)))
    t.same(
      results.map((res) => (res.statusCode === 200 ? 200 : `${res.statusCode} ${res.body}`)),
      Array(PRESENTATIONS).fill(200),
      `round ${round}: every presentation succeeds`,
    )
    const successors = new Set(results.map((res) => res.json().data.refresh_token))
    t.equal(successors.size, 1, `round ${round}: one successor`)
    t.equal(await liveTokens(app, family), 1, `round ${round}: exactly one live token`)
    t.equal((await refresh(app, [...successors][0])).statusCode, 200, `round ${round}: and it works`)
  }
})

t.test('a signed-out session’s token is not given again, nor is a tampered seal opened', async (t) => {
  const app = await build(t, { env: RETRY })
  const user = await registerUser(app)
  await refresh(app, user.refreshToken)
  const other = await registerUser(app)
  const otherSuccessor = (await refresh(app, other.refreshToken)).json().data.refresh_token
  // Another token's seal does not open under this token's key: a reuse, not a retry.
  const [sealed] = await app.db
    .select({ seal: refreshTokens.successorSealed })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(other.refreshToken)))
  await app.db
    .update(refreshTokens)
    .set({ successorSealed: sealed?.seal })
    .where(eq(refreshTokens.tokenHash, hashToken(user.refreshToken)))
  t.equal((await refresh(app, user.refreshToken)).statusCode, 401, 'the swapped seal does not open')
  t.equal((await refresh(app, otherSuccessor)).statusCode, 200, 'the other session is untouched')

  const third = await registerUser(app)
  await refresh(app, third.refreshToken)
  const sid = decodeJwt(third.accessToken).claims.sid as string
  const out = await app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${sid}`, headers: third.headers })
  t.equal(out.statusCode, 204)
  t.equal((await refresh(app, third.refreshToken)).statusCode, 401, 'a revoked session gives nothing back')
})

t.test(
  'a revocation that waits for a rotation in flight says so in the log and the metrics',
  { skip: backend('postgres', 'it holds a transaction open beside the app') },
  async (t) => {
    const logs = captureLogs()
    const app = await build(t, { env: { ...PATIENT, LOG_LEVEL: 'info' }, logStream: logs.stream })
    const { url } = (await fileDatabase()) as { url?: string }
    const sql = postgres(url as string, { max: 2, onnotice: () => {} })
    t.teardown(() => sql.end())

    type Act = (user: TestUser) => Promise<{ statusCode: number; headers: Record<string, unknown> }>
    const acts: [string, Act][] = [
      ['logout', (user) => app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })],
      ['reuse', (user) => refresh(app, user.refreshToken)],
    ]
    for (const [reason, act] of acts) {
      const user = await registerUser(app)
      if (reason === 'reuse') await refresh(app, user.refreshToken)
      const family = decodeJwt(user.accessToken).claims.sid as string
      // A rotation in flight, as the rotation statement leaves it until it commits: the session locked
      // at its next generation, a new token inserted.
      const minted = randomBytes(32).toString('hex')
      let answer: Awaited<ReturnType<Act>> | undefined
      await sql.begin(async (tx) => {
        await tx`UPDATE sessions SET generation = generation + 1 WHERE id = ${family}`
        await tx`INSERT INTO refresh_tokens (user_id, token_hash, token_family, generation, expires_at)
          VALUES (${user.id}, ${hashToken(minted)}, ${family}, 99, now() + interval '1 hour')`
        void act(user).then((res) => {
          answer = res
        })
        // The revocation queues on the session's row lock; the rotation commits only once it waits.
        const waiting = () => sql`SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`
        while ((await waiting()).length === 0 && answer === undefined)
          await new Promise((resolve) => setImmediate(resolve))
        t.equal(answer, undefined, `${reason}: no answer while the rotation is in flight`)
      })
      while (answer === undefined) await new Promise((resolve) => setImmediate(resolve))
      t.equal(answer.statusCode, reason === 'logout' ? 200 : 401)
      t.equal((await refresh(app, minted)).statusCode, 401, `${reason}: the token minted in flight is revoked`)
      const line = logs.lines.find((entry) => entry.request_id === answer?.headers['x-request-id'])
      if (reason === 'logout') t.match(line, { revoked: { reason: 'logout', sessions: 1, caught_rotation: true } })
      else t.match(line, { err: { reason: 'reused', caught_rotation: true } })
      t.equal(
        await metric(app, `auth_token_revocations_total{reason="${reason}",caught_rotation="true"}`),
        `auth_token_revocations_total{reason="${reason}",caught_rotation="true"} 1`,
      )
    }
  },
)
