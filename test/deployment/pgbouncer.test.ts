/**
 * Instances behind PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=false): every answer of
 * concurrent flows across two instances holds, and so does its after-effect in the database; instances
 * starting together migrate an empty database once through the pooler; a migration lock that cannot
 * be had ends start-up with one line.
 */
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { backend, emptyDatabase, migrationCount, needs, uniqueEmail } from '../helper.js'
import { startServer } from '../server-process.js'
import { missing, startPgBouncer } from './infra.js'

const START_WITHIN_MS = 180_000
const FLOWS = 12
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

t.test('two instances through PgBouncer in transaction mode', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const bouncer = await startPgBouncer(t)
  const env = { ...pooled, DATABASE_URL: bouncer.url(url) }
  const [a, b] = await Promise.all([startServer(t, env, START_WITHIN_MS), startServer(t, env, START_WITHIN_MS)])
  const db = inspector(t, url)

  /** One user's life across both instances; every answer checked, and what it left behind. */
  async function flow(n: number) {
    const [first, second] = n % 2 === 0 ? [a.url, b.url] : [b.url, a.url]
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
      list.body.todos.map((item) => item.title),
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

  await Promise.all(Array.from({ length: FLOWS }, (_, n) => flow(n)))

  const [users] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM users`
  t.equal(users?.n, FLOWS, 'every registration answered 200 is stored, once')
  const serverErrors = [...a.logs, ...b.logs].filter((line) => Number(line.level) >= 50)
  t.same(serverErrors, [], 'no error logged by either instance')
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
  const [locks] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`
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
