/**
 * Instances behind PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=false): every answer of
 * concurrent flows across two instances holds, and so does its after-effect in the database; at a pool
 * of 3 under flows and load no request waits for an answer until its deadline; instances
 * starting together migrate an empty database once through the pooler; a migration lock that cannot
 * be had ends start-up with one line.
 */
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { backend, emptyDatabase, freshDatabase, migrationCount, needs, uniqueEmail } from '../helper.js'
import { startServer } from '../server-process.js'
import { missing, startPgBouncer } from './infra.js'

const START_WITHIN_MS = 180_000
const FLOWS = 12
/** Issue 29: the stalls showed at a pool of 3 with eight flows beside the load. */
const STALL_FLOWS = 8
const LOAD_CLIENTS = 4
const LOAD_MIN_ROUNDS = 100
const skip = needs(backend('postgres', 'PgBouncer sits in front of PostgreSQL'), missing('pgbouncer'))

// A patient write deadline: a loaded machine's slow request is no failure in a test about the pooler.
const pooled = { DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_POOL_MAX: '8', SERVER_WRITETIMEOUT: '60' }

/** The fields this test reads; each route's answer is held to the contract by the route tests. */
interface Answer {
  data: { user: { id: number; roles: string[] }; access_token: string; refresh_token: string }
  todos: { title: string }[]
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer }
}

/** What the database says happened, read directly (not through the pooler). */
function inspector(t: Test, url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  return sql
}

/** One user's life across two instances; every answer checked, and what it left behind. */
async function flow(t: Test, [a, b]: [string, string], db: postgres.Sql, n: number) {
  const [first, second] = n % 2 === 0 ? [a, b] : [b, a]
  const email = uniqueEmail(`bouncer-${n}`)
  const password = 'correct horse battery'
  const registered = await call(first, 'POST', '/api/v1/auth/register', { name: `Flow ${n}`, email, password })
  if (!t.equal(registered.status, 200, `flow ${n}: registered`)) return
  const id = registered.body.data.user.id
  t.same(registered.body.data.user.roles, ['user'], `flow ${n}: with the user role`)

  const login = await call(second, 'POST', '/api/v1/auth/login', { email, password })
  t.equal(login.status, 200, `flow ${n}: login on the other instance`)
  const rotated = await call(first, 'POST', '/api/v1/auth/refresh', { refresh_token: login.body.data.refresh_token })
  t.equal(rotated.status, 200, `flow ${n}: refresh`)
  const access = rotated.body.data.access_token

  const todo = await call(second, 'POST', '/api/v1/todos', { title: `todo ${n}` }, access)
  t.equal(todo.status, 201, `flow ${n}: todo created`)
  const list = await call(first, 'GET', '/api/v1/todos', undefined, access)
  t.equal(list.status, 200, `flow ${n}: listed`)
  t.same(
    list.body.todos?.map((item) => item.title),
    [`todo ${n}`],
  )

  if (n % 2 === 0) {
    const out = await call(second, 'POST', '/api/v1/auth/logout', {}, access)
    t.equal(out.status, 200, `flow ${n}: logged out`)
    for (const token of [registered.body.data.refresh_token, rotated.body.data.refresh_token]) {
      const refused = await call(first, 'POST', '/api/v1/auth/refresh', { refresh_token: token })
      t.equal(refused.status, 401, `flow ${n}: a logged-out refresh token is refused`)
    }
    const [live] = await db<{ n: number }[]>`
      SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = ${id} AND revoked_at IS NULL`
    t.equal(live?.n, 0, `flow ${n}: no live refresh token left in the database`)
  } else {
    const deleted = await call(second, 'DELETE', `/api/v1/users/${id}`, undefined, access)
    t.equal(deleted.status, 204, `flow ${n}: deleted`)
    const gone = await call(first, 'GET', `/api/v1/users/${id}`, undefined, access)
    t.equal(gone.status, 404, `flow ${n}: the deleted user is gone`)
    const relogin = await call(first, 'POST', '/api/v1/auth/login', { email, password })
    t.equal(relogin.status, 401, `flow ${n}: a deleted user cannot log in`)
    const [row] = await db<{ deleted: boolean; live_tokens: number }[]>`
      SELECT u.deleted_at IS NOT NULL AS deleted,
        (SELECT count(*)::int FROM refresh_tokens r WHERE r.user_id = u.id AND r.revoked_at IS NULL) AS live_tokens
      FROM users u WHERE u.id = ${id}`
    t.same(row, { deleted: true, live_tokens: 0 }, `flow ${n}: deleted in the database, tokens revoked`)
  }
}

t.test('two instances through PgBouncer in transaction mode', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const bouncer = await startPgBouncer(t)
  const env = { ...pooled, DATABASE_URL: bouncer.url(url) }
  const [a, b] = await Promise.all([startServer(t, env, START_WITHIN_MS), startServer(t, env, START_WITHIN_MS)])
  const db = inspector(t, url)

  await Promise.all(Array.from({ length: FLOWS }, (_, n) => flow(t, [a.url, b.url], db, n)))

  const [users] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM users`
  t.equal(users?.n, FLOWS, 'every registration answered 200 is stored, once')
  const serverErrors = [...a.logs, ...b.logs].filter((line) => Number(line.level) >= 50)
  t.same(serverErrors, [], 'no error logged by either instance')
})

t.test('a pool of 3 under concurrent flows and load: no request reaches its deadline', { skip }, async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const url = database.url as string
  const bouncer = await startPgBouncer(t, Number(new URL(url).port || 5432), 3)
  // A deadline no request of this load comes near unless it stalls: an answer that never comes.
  const env = {
    ...pooled,
    DATABASE_URL: bouncer.url(url),
    DB_MIGRATE_ON_START: 'false',
    SERVER_WRITETIMEOUT: '30',
    HEALTH_TIMEOUT: '30',
  }
  const [a, b] = await Promise.all([startServer(t, env, START_WITHIN_MS), startServer(t, env, START_WITHIN_MS)])
  const db = inspector(t, url)
  const bases: [string, string] = [a.url, b.url]

  const loadUser = await call(a.url, 'POST', '/api/v1/auth/register', {
    name: 'Load',
    email: uniqueEmail('bouncer-load'),
    password: 'correct horse battery',
  })
  t.equal(loadUser.status, 200, 'the load user registered')
  const token = loadUser.body.data.access_token

  /** The API's answers by status; a request the server never answered (its connection failed) is 0. */
  const statuses = new Map<number, number>()
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)
  /** Why readiness failed, when it did. */
  const unready = new Set<string>()
  let running = true
  /** Reads, writes and readiness probes on both instances, until the flows are done. */
  const load = Array.from({ length: LOAD_CLIENTS }, async (_, client) => {
    for (let i = 0; running || i < LOAD_MIN_ROUNDS; i++) {
      const base = bases[(client + i) % 2] as string
      await Promise.all([
        call(base, 'GET', '/api/v1/todos?limit=5', undefined, token).then(({ status }) => count(status)),
        call(base, 'POST', '/api/v1/todos', { title: `load ${client}-${i}` }, token).then(({ status }) =>
          count(status),
        ),
        fetch(`${base}/health/ready`).then(async (res) => {
          const { checks } = (await res.json()) as { checks: { status: string; message: string }[] }
          for (const check of checks) if (check.status === 'fail') unready.add(check.message)
        }),
      ]).catch(() => count(0))
    }
  })
  await Promise.all(Array.from({ length: STALL_FLOWS }, (_, n) => flow(t, bases, db, n)))
  running = false
  await Promise.all(load)

  const total = [...statuses.values()].reduce((sum, n) => sum + n, 0)
  const logs = [...a.logs, ...b.logs]
  const answered = logs.filter((line) => line.method !== undefined && line.status !== undefined).length
  const deadlines = logs.filter((line) => (line.err as { deadline_ms?: number } | undefined)?.deadline_ms).length
  t.comment(`load answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`)
  t.comment(`requests that reached the deadline: ${deadlines} of ${answered}`)
  t.equal(deadlines, 0, 'no request reached the write deadline')
  t.equal((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0), total, 'every load request answered 200 or 201')
  // A ping that waits for an answer stranded on another server connection fails with "did not answer";
  // one merely slow on a loaded machine is the latency rule at work, not a stall.
  t.same(
    [...unready].filter((message) => !message.startsWith('database answered too slowly')),
    [],
    "every readiness check's ping was answered",
  )
  t.equal(a.child.exitCode ?? b.child.exitCode, null, 'both instances still run')
  const serverErrors = logs.filter((line) => Number(line.level) >= 50 && line.route !== '/health/ready')
  t.same(serverErrors, [], 'no error logged by either instance outside readiness')
})

t.test('three instances start together on an empty database through the pooler', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const bouncer = await startPgBouncer(t)
  const env = { ...pooled, DATABASE_URL: bouncer.url(url) }
  const servers = await Promise.all([1, 2, 3].map(() => startServer(t, env, START_WITHIN_MS)))
  for (const server of servers) {
    const ready = await fetch(`${server.url}/health/ready`)
    t.equal(ready.status, 200, `instance on port ${server.port} is ready`)
  }
  const db = inspector(t, url)
  const [applied] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
  t.equal(applied?.n, migrationCount(), 'each migration applied once')
  const roles = await db<{ name: string }[]>`SELECT name FROM roles ORDER BY id`
  t.same(
    roles.map((role) => role.name),
    ['user', 'admin'],
    'the built-in roles seeded once',
  )
  // Advisory locks belong to a database; other test files migrate databases of their own meanwhile.
  const [locks] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`
  t.equal(locks?.n, 0, 'no migration lock left held')
})

t.test('a migration lock held elsewhere ends start-up with one line and a non-zero exit', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const bouncer = await startPgBouncer(t)
  const holder = postgres(url, { max: 1, onnotice: () => {} })
  t.teardown(() => holder.end())
  await holder`SELECT pg_advisory_lock(727146001)`

  const error = await startServer(
    t,
    { ...pooled, DATABASE_URL: bouncer.url(url), DB_MIGRATE_LOCK_TIMEOUT: '1s' },
    START_WITHIN_MS,
  ).then(
    () => undefined,
    (reason: Error) => reason.message,
  )
  t.match(
    error,
    /^server exited with 1 before listening: Start-up failed: the migration lock was not free within 1s \(DB_MIGRATE_LOCK_TIMEOUT\)[^\n]*\n$/,
    'exit code 1 and one line saying why',
  )
  const [tables] = await holder<{ n: number }[]>`
    SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`
  t.equal(tables?.n, 0, 'nothing was migrated without the lock')
})

t.test('prepared statements left on behind the pooler: start-up says which setting to change', { skip }, async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const url = database.url as string

  // PgBouncer refuses the statement_timeout start-up parameter sent with prepared statements on.
  const refusing = await startPgBouncer(t)
  const error = await startServer(t, { DATABASE_URL: refusing.url(url) }, START_WITHIN_MS).then(
    () => undefined,
    (reason: Error) => reason.message,
  )
  t.match(
    error,
    /^server exited with 1 before listening: Start-up failed: the database connection goes through a connection pooler \(PgBouncer\) that refuses the statement_timeout start-up parameter, [^\n]*set DATABASE_PREPARED_STATEMENTS=false \(docs\/operations.md, "Running several instances"\)\n$/,
    'exit code 1 and one line naming the setting',
  )

  // Told to ignore it instead, it starts: the log names the setting before the first crossed answer.
  const ignoring = await startPgBouncer(t, Number(new URL(url).port || 5432), 4, ['statement_timeout'])
  const server = await startServer(t, { DATABASE_URL: ignoring.url(url) }, START_WITHIN_MS)
  // Among the others a start may log (no SMTP_URL, no MFA key), in whatever order the plugins finish.
  const warnings = server.logs
    .filter((line) => line.level === 40 && /statement_timeout/.test(String(line.msg)))
    .map((line) => String(line.msg))
  t.match(
    warnings,
    [
      /^the database session did not get the statement_timeout start-up parameter: [^\n]*set DATABASE_PREPARED_STATEMENTS=false/,
    ],
    'a start-up warning naming the setting',
  )

  // Set right, neither.
  const quiet = await startServer(
    t,
    { DATABASE_URL: ignoring.url(url), DATABASE_PREPARED_STATEMENTS: 'false' },
    START_WITHIN_MS,
  )
  t.same(
    quiet.logs.filter(
      (line) => Number(line.level) >= 40 && /statement_timeout|PREPARED_STATEMENTS/.test(String(line.msg)),
    ),
    [],
    'no warning with DATABASE_PREPARED_STATEMENTS=false',
  )
})
