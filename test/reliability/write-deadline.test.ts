/**
 * A write cut off by SERVER_WRITETIMEOUT: the request answers 503 at the deadline, PostgreSQL cancels
 * the statement (statement_timeout), and once the database lets the write through it never lands. The
 * 503 means the write did not happen (docs/operations.md, "What a 503 means for a write").
 */
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { backend, build, databaseWithAdmin, registerUser, testConfig } from '../helper.js'

const WRITE_TIMEOUT_S = 2

t.test(
  'writes held past SERVER_WRITETIMEOUT',
  { skip: backend('postgres', 'statement_timeout is a PostgreSQL setting the service sets per connection') },
  async (t) => {
    const { url, name } = await databaseWithAdmin(t)
    const env = { SERVER_WRITETIMEOUT: String(WRITE_TIMEOUT_S) }
    const database = await createDatabase({ ...testConfig(env).database, url, poolMax: 2 })
    t.teardown(() => database.close())
    const app = await build(t, { database, env })
    // Users are registered through an app on the same database with a patient deadline: on a busy
    // machine a first registration can outlast two seconds, and that is no part of what is tested.
    const patient = await build(t, { database, env: { SERVER_WRITETIMEOUT: '120' } })
    const observer = postgres(url, { max: 2, onnotice: () => {} })
    t.teardown(() => observer.end())

    /** Holds an exclusive lock on the table from a transaction of the test's own until `release()`. */
    async function holdLock(table: string) {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holding = observer.begin(async (sql) => {
        await sql.unsafe(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`)
        locked()
        await released
      })
      await isLocked
      return async () => {
        release()
        await holding
      }
    }

    /** The service's statements still on the server, waiting or running, that touch the table. */
    const stillRunning = async (table: string) =>
      (
        await observer`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = ${name} AND pid <> pg_backend_pid() AND state = 'active'
            AND query ILIKE ${`%insert into "${table}"%`}`
      )[0]?.n ?? 0

    /** Waits (patiently: a busy machine) until the server has cancelled the table's statement. */
    async function cancelledOnServer(t: Test, table: string) {
      const until = performance.now() + 30_000
      while ((await stillRunning(table)) > 0 && performance.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50))
      t.equal(await stillRunning(table), 0, 'the server cancelled the statement while the lock was still held')
    }

    t.test('a todo insert (one statement)', async (t) => {
      const user = await registerUser(patient)
      await patient.audit.flush()
      const release = await holdLock('todos')
      const started = performance.now()
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/todos',
        headers: user.headers,
        payload: { title: 'held back' },
      })
      const ms = performance.now() - started
      t.equal(res.statusCode, 503, 'answered 503')
      t.ok(ms >= WRITE_TIMEOUT_S * 1000 - 50, `at the deadline (${Math.round(ms)} ms)`)
      await cancelledOnServer(t, 'todos')
      await release()
      const [row] = await observer`SELECT count(*)::int AS n FROM todos WHERE title = 'held back'`
      t.equal(row?.n, 0, 'and the todo never landed once the lock was gone')
      const list = await app.inject({ method: 'GET', url: '/api/v1/todos', headers: user.headers })
      t.notMatch(list.body, /held back/, 'the list agrees')
    })

    t.test('a registration (a transaction)', async (t) => {
      const release = await holdLock('users')
      const email = `held-back-${Date.now()}@example.com`
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Held Back', email, password: 'held back pass' },
      })
      t.equal(res.statusCode, 503, 'answered 503')
      await cancelledOnServer(t, 'users')
      await release()
      const [row] = await observer`SELECT count(*)::int AS n FROM users WHERE email = ${email}`
      t.equal(row?.n, 0, 'and the user never landed once the lock was gone')
      const again = await patient.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Held Back', email, password: 'held back pass' },
      })
      t.equal(again.statusCode, 200, 'so registering again succeeds')
    })
  },
)
