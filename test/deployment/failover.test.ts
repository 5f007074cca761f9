/**
 * A failover under load: the service reaches a primary with a synchronous streaming standby through a
 * multi-host DATABASE_URL with `target_session_attrs=primary` (docs/operations.md, "Running several instances").
 * The primary is killed, the standby promoted a moment later; meanwhile registrations, todo writes and
 * logins keep coming. No request answers 500 or outlasts the timeouts, the same process serves writes
 * again once the standby is promoted, and every write it acknowledged is on the promoted standby.
 */
import { setTimeout as delay } from 'node:timers/promises'
import postgres from 'postgres'
import t from 'tap'
import { ErrorCode, Message } from '../../src/errors.js'
import { hashToken } from '../../src/services/tokens.js'
import { backend, migrationCount, needs, uniqueEmail } from '../helper.js'
import { logged, startServer } from '../server-process.js'
import { missing, type PostgresServer, pgCtl, startPrimaryWithStandby } from './infra.js'

const CLIENTS = 4
const PAUSE_MS = 25
const CONNECT_TIMEOUT_S = 2
const WRITE_TIMEOUT_S = 6
/** Generous, for a busy machine. */
const MARGIN_MS = 5000
/**
 * With no primary, a request fails as soon as no connection can be had: within the connect timeout,
 * and well before the request deadline (which is what the driver's own host loop held it for).
 */
const NO_PRIMARY_MS = CONNECT_TIMEOUT_S * 1000 + 1500
/** The longest any answer may take: the request deadline, and the margin. */
const LONGEST_MS = WRITE_TIMEOUT_S * 1000 + MARGIN_MS
/** Between the primary's crash and the promotion no server takes writes: several rounds of requests meet that. */
const GAP_MS = 6000
/** A 503 as the enveloped routes and the todo routes' plain bodies say it. */
const UNAVAILABLE: string[] = [ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE]
/**
 * The pool dials again after a pause (at most 250 ms a connection), asking each host once a round:
 * a few per second and connection. The driver's own host loop asked hundreds a second.
 */
const MAX_STANDBY_SESSIONS = 300
const PASSWORD = 'correct horse battery'

const skip = needs(backend('postgres', 'a PostgreSQL primary and standby of its own'), missing('postgres'))

interface Outcome {
  what: 'register' | 'todo' | 'login'
  startedAt: number
  ms: number
  status?: number
  /** The error code of an enveloped failure, or the message of a todo route's plain one. */
  code?: string
  error?: string
}

/** The parts of an answer the test reads: an auth envelope, a todo, or either kind of failure. */
interface Body {
  data?: { user: { id: number }; access_token: string; refresh_token: string }
  id?: number
  error?: string | { code: string }
}

t.test('the primary killed and the standby promoted under load', { skip }, async (t) => {
  const { primary, standby } = await startPrimaryWithStandby(t)
  const server = await startServer(t, {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/postgres?target_session_attrs=primary`,
    DATABASE_CONNECT_TIMEOUT: String(CONNECT_TIMEOUT_S),
    DATABASE_POOL_MAX: '6',
    SERVER_WRITETIMEOUT: `${WRITE_TIMEOUT_S}s`,
    HEALTH_TIMEOUT: `${CONNECT_TIMEOUT_S}s`,
    RATE_LIMIT_ENABLED: 'false',
    LOGIN_THROTTLE_ENABLED: 'false',
  })

  const outcomes: Outcome[] = []
  const acknowledged = {
    users: new Map<string, number>(),
    todos: new Map<number, string>(),
    refreshTokens: [] as string[],
  }

  async function call(what: Outcome['what'], path: string, payload: unknown, token?: string) {
    const startedAt = performance.now()
    const outcome: Outcome = { what, startedAt, ms: 0 }
    let body: Body = {}
    try {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(payload),
        // Far past LONGEST_MS: a hang is measured and reported, not waited out.
        signal: AbortSignal.timeout(60_000),
      })
      outcome.status = response.status
      const text = await response.text()
      body = text ? (JSON.parse(text) as Body) : {}
      outcome.code = typeof body.error === 'string' ? body.error : body.error?.code
    } catch (error) {
      outcome.error = String(error)
    }
    outcome.ms = performance.now() - startedAt
    outcomes.push(outcome)
    return { status: outcome.status, body }
  }

  let running = true
  const loops = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let n = 0; running; n++) {
      // Steady rather than flat out: refused at once during the outage, a loop would spin on 503s and
      // take the cores from the servers and the files beside this one.
      if (n > 0) await delay(PAUSE_MS)
      const email = uniqueEmail(`failover-${client}-${n}`)
      const registered = await call('register', '/api/v1/auth/register', {
        name: `Client ${client}`,
        email,
        password: PASSWORD,
      })
      const account = registered.status === 200 ? registered.body.data : undefined
      if (!account) continue
      acknowledged.users.set(email, account.user.id)
      const title = `todo ${client}-${n}`
      const todo = await call('todo', '/api/v1/todos', { title }, account.access_token)
      if (todo.status === 201 && todo.body.id !== undefined) acknowledged.todos.set(todo.body.id, title)
      const login = await call('login', '/api/v1/auth/login', { email, password: PASSWORD })
      if (login.status === 200 && login.body.data) acknowledged.refreshTokens.push(login.body.data.refresh_token)
    }
  })

  // What the standby is asked while it cannot take writes: sessions opened, as PostgreSQL counts them.
  const onStandby = postgres(standby.url, { max: 1, onnotice: () => {} })
  t.teardown(() => onStandby.end())
  const sessions = async () =>
    Number((await onStandby<{ n: string }[]>`SELECT sum(sessions) AS n FROM pg_stat_database`)[0]?.n)

  await delay(1500)
  const sessionsBefore = await sessions()
  const crashedAt = performance.now()
  pgCtl(primary, 'stop', '-m', 'immediate')
  await delay(GAP_MS)
  const sessionsDuringGap = (await sessions()) - sessionsBefore
  const promotedAt = performance.now()
  pgCtl(standby, 'promote')

  // Recovery with no restart: writes acknowledged again by the same process.
  const recovered = async () => {
    while (performance.now() - promotedAt < 60_000) {
      if (outcomes.some((o) => o.startedAt > promotedAt && o.what === 'register' && o.status === 200)) return true
      await delay(100)
    }
    return false
  }
  t.ok(await recovered(), 'registrations succeed again after the promotion')
  await delay(1000)
  running = false
  await Promise.all(loops)

  t.equal(server.child.exitCode, null, 'the service ran throughout, never restarted')
  const ready = await fetch(`${server.url}/health/ready`)
  t.equal(ready.status, 200, 'ready again on the promoted standby')

  const during = outcomes.filter((o) => o.startedAt >= crashedAt && o.startedAt < promotedAt)
  t.ok(
    during.some((o) => o.status === 503),
    `requests arrived while there was no primary, and met the outage (${during.length})`,
  )
  const unexpected = outcomes.filter(
    (o) => !(o.status === 200 || o.status === 201 || (o.status === 503 && UNAVAILABLE.includes(o.code ?? ''))),
  )
  t.same(unexpected, [], `every one of ${outcomes.length} answers is a success or 503 SERVICE_UNAVAILABLE`)
  // Begun early enough in the gap to have failed before the promotion, had they failed in time.
  const noPrimary = during.filter((o) => o.startedAt < promotedAt - NO_PRIMARY_MS)
  const slowestWithout = Math.max(...noPrimary.map((o) => o.ms))
  t.ok(
    noPrimary.length > 0 && slowestWithout <= NO_PRIMARY_MS,
    `with no primary, ${noPrimary.length} requests failed within DATABASE_CONNECT_TIMEOUT (slowest ${Math.round(slowestWithout)} ms)`,
  )
  t.ok(
    sessionsDuringGap <= MAX_STANDBY_SESSIONS,
    `the standby was asked for ${sessionsDuringGap} sessions in the ${GAP_MS} ms gap (at most ${MAX_STANDBY_SESSIONS})`,
  )
  const slowest = Math.max(...outcomes.map((o) => o.ms))
  t.ok(slowest <= LONGEST_MS, `the slowest answer took ${Math.round(slowest)} ms (at most ${LONGEST_MS})`)
  t.ok(
    outcomes.some((o) => o.startedAt < crashedAt && o.status === 200),
    'writes were acknowledged before the crash',
  )

  // What the service acknowledged, read on the promoted standby.
  const sql = postgres(standby.url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const users = await sql<{ email: string; id: number }[]>`
    SELECT email, id FROM users WHERE email = ANY(${[...acknowledged.users.keys()]})`
  t.same(
    new Map(users.map((row) => [row.email, row.id])),
    acknowledged.users,
    `all ${acknowledged.users.size} acknowledged registrations are there`,
  )
  const todos = await sql<{ id: number; title: string }[]>`
    SELECT id, title FROM todos WHERE id = ANY(${[...acknowledged.todos.keys()]})`
  t.same(
    new Map(todos.map((row) => [row.id, row.title])),
    acknowledged.todos,
    `all ${acknowledged.todos.size} acknowledged todos are there`,
  )
  const hashes = acknowledged.refreshTokens.map(hashToken)
  const [tokens] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = ANY(${hashes})`
  t.equal(tokens?.n, hashes.length, `all ${hashes.length} acknowledged logins left their refresh token`)
})

/** The standby's own URL, and the multi-host URL asking for a primary (README's failover setup). */
const standbyUrls = {
  "the standby's own URL": (_: PostgresServer, standby: PostgresServer) => standby.url,
  'a multi-host URL asking for a primary': (primary: PostgresServer, standby: PostgresServer) =>
    `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/postgres?target_session_attrs=primary`,
}

for (const [shape, urlOf] of Object.entries(standbyUrls))
  t.test(
    `only a standby reachable at start-up, through ${shape}: unready, migrated once promoted`,
    { skip },
    async (t) => {
      const { primary, standby } = await startPrimaryWithStandby(t)
      pgCtl(primary, 'stop', '-m', 'immediate')
      // The default settings: migrations on start. The primary was never migrated, so neither is the standby.
      const server = await startServer(t, {
        DATABASE_URL: urlOf(primary, standby),
        DATABASE_CONNECT_TIMEOUT: String(CONNECT_TIMEOUT_S),
        HEALTH_TIMEOUT: '10s',
      })
      t.equal(server.child.exitCode, null, 'the instance started and serves')

      const readiness = async () => {
        const res = await fetch(`${server.url}/health/ready`)
        return { status: res.status, body: (await res.json()) as { checks: { name: string; message: string }[] } }
      }
      const unready = await readiness()
      t.equal(unready.status, 503, 'unready on the standby')
      t.match(
        unready.body.checks.find((check) => check.name === 'database')?.message,
        /^migrations not applied yet \(DB_MIGRATE_ON_START\): the database is read-only \(a standby, not the primary\); they run as soon as the database takes writes$/,
        'readiness says why',
      )
      t.ok(
        await logged(server, (line) => line.level === 40 && /^migrations not applied yet/.test(String(line.msg))),
        'a warning logged why',
      )
      const refused = await fetch(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Early', email: uniqueEmail('early'), password: PASSWORD }),
      })
      t.equal(refused.status, 503, 'the API answers 503 meanwhile, not 500')

      pgCtl(standby, 'promote')
      let ready = await readiness()
      for (const deadline = Date.now() + 60_000; ready.status !== 200 && Date.now() < deadline; ) {
        await delay(250)
        ready = await readiness()
      }
      t.equal(ready.status, 200, 'ready once the promoted standby takes writes')
      t.ok(
        await logged(server, (line) => line.msg === 'migrations applied: the database takes writes now'),
        'the migrations ran, and the log says so',
      )
      const registered = await fetch(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Late', email: uniqueEmail('late'), password: PASSWORD }),
      })
      t.equal(registered.status, 200, 'a registration succeeds on the same process')
      const db = postgres(standby.url, { max: 1, onnotice: () => {} })
      t.teardown(() => db.end())
      const [applied] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
      t.equal(applied?.n, migrationCount(), 'every migration applied, once')
    },
  )
