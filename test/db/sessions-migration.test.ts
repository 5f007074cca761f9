import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import t from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { migratePostgres } from '../../src/db/migrate.js'
import { MIGRATIONS_DIR } from '../../src/paths.js'
import { hashToken } from '../../src/services/tokens.js'
import { backend, build, emptyDatabase, refresh } from '../helper.js'

const POSTGRES_ONLY = backend('postgres', 'it migrates a database in two steps')
/** The last migration before sessions had a table of their own. */
const BEFORE_SESSIONS = '0002_session-details'

/** A copy of the migrations folder that ends at `last`. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalFile = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const end = journal.entries.findIndex((entry) => entry.tag === last)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }))
  return dir
}

t.test('signed-in clients stay signed in across the sessions migration', { skip: POSTGRES_ONLY }, async (t) => {
  const { url } = await emptyDatabase(t)
  const folder = migrationsUpTo(BEFORE_SESSIONS)
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  await migrate(drizzle({ client: sql }), { migrationsFolder: folder })

  const [user] = await sql<{ id: number }[]>`
    INSERT INTO users (name, email, password_hash) VALUES ('Old User', 'old@example.com', 'x') RETURNING id`
  const userId = user?.id as number
  const token = (name: string) => name.padEnd(64, '0')
  const week = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString()
  // A family rotated once (its first token used), and one whose reuse revocation a rotation escaped.
  await sql`INSERT INTO refresh_tokens (user_id, token_hash, token_family, expires_at, used_at, client_ip, user_agent)
    VALUES
      (${userId}, ${hashToken(token('a1'))}, 'aaaaaaaa-0000-4000-8000-000000000000', ${week}, now(), '10.0.0.1', 'Old/1'),
      (${userId}, ${hashToken(token('a2'))}, 'aaaaaaaa-0000-4000-8000-000000000000', ${week}, NULL, '10.0.0.2', 'Old/2'),
      (${userId}, ${hashToken(token('b1'))}, 'bbbbbbbb-0000-4000-8000-000000000000', ${week}, now(), NULL, NULL),
      (${userId}, ${hashToken(token('b2'))}, 'bbbbbbbb-0000-4000-8000-000000000000', ${week}, NULL, NULL, NULL)`
  await sql`UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = ${hashToken(token('b1'))}`

  await migratePostgres(url)
  const database = await createDatabase({ url, pgliteDataDir: 'memory://', poolMax: 2, migrateOnStart: false })
  const app = await build(t, { database })
  t.teardown(() => database.close())

  const sessions =
    await sql`SELECT id, client_ip, user_agent, revoked_at IS NOT NULL AS revoked FROM sessions ORDER BY id`
  t.match(sessions, [
    { id: 'aaaaaaaa-0000-4000-8000-000000000000', client_ip: '10.0.0.2', user_agent: 'Old/2', revoked: false },
    { id: 'bbbbbbbb-0000-4000-8000-000000000000', revoked: true },
  ])
  const rotated = await refresh(app, token('a2'))
  t.equal(rotated.statusCode, 200, 'the live token of a live family still refreshes')
  t.equal((await refresh(app, rotated.json().data.refresh_token)).statusCode, 200, 'and its successor')
  t.equal((await refresh(app, token('b2'))).statusCode, 401, 'a token that escaped a revocation does not')
  t.equal((await refresh(app, token('a1'))).statusCode, 401, 'a used token is still a reuse')
})
