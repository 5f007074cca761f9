import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc } from 'drizzle-orm'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { migratePostgres } from '../../src/db/migrate.js'
import { refreshTokens, roles, todos, userRoles, users } from '../../src/db/schema.js'
import { ROOT } from '../../src/paths.js'
import { backend, emptyDatabase, migrationCount } from '../helper.js'
import { runScript } from '../run-script.js'

const TABLES = [
  'account_tokens',
  'audit_events',
  'mail_outbox',
  'mfa_challenges',
  'mfa_recovery_codes',
  'mfa_totp',
  'passkeys',
  'refresh_tokens',
  'roles',
  'sessions',
  'todos',
  'user_roles',
  'users',
  'webauthn_challenges',
]
const SCRIPT = join(ROOT, 'scripts', 'migrate.ts')
const POSTGRES_ONLY = backend('postgres', 'needs a PostgreSQL server')
const PGLITE_ONLY = backend('pglite', 'about the embedded database')

/** What a migrated PostgreSQL database holds: its tables, roles and applied migrations. */
async function inspect(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const tables = await sql<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' ORDER BY table_name`
    const roleNames = await sql<{ name: string }[]>`SELECT name FROM roles ORDER BY id`
    const [applied] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`
    return {
      tables: tables.map((row) => row.name),
      roles: roleNames.map((row) => row.name),
      migrations: applied?.count,
    }
  } finally {
    await sql.end()
  }
}

const MIGRATED = { tables: TABLES, roles: ['user', 'admin'], migrations: migrationCount() }

/** Runs `npm run db:migrate`'s script as its own process, in a working directory of the test's choosing. */
const runMigrate = (cwd: string, env: Record<string, string>) => runScript(SCRIPT, [], { cwd, env, timeoutMs: 180_000 })

function workdir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-migrate-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('two instances migrating one new database at once', { skip: POSTGRES_ONLY }, async (t) => {
  const { url } = await emptyDatabase(t)
  const results = await Promise.allSettled([migratePostgres(url), migratePostgres(url)])
  t.same(
    results.map((result) => result.status),
    ['fulfilled', 'fulfilled'],
    'both succeed',
  )
  t.same(await inspect(url), MIGRATED, 'every table once, the built-in roles seeded once')

  await migratePostgres(url)
  t.same(await inspect(url), MIGRATED, 'a later run finds nothing left to do')
})

t.test(
  'npm run db:migrate migrates a new PostgreSQL database without JWT_SECRET',
  { skip: POSTGRES_ONLY },
  async (t) => {
    const { name, url } = await emptyDatabase(t)
    // Under trust authentication the password is ignored; it is here to show it is never printed.
    const withPassword = new URL(url)
    withPassword.password = 'migration-password-3f9a'
    // DB_MIGRATE_ON_START governs start-up only: the tool migrates regardless.
    const env = { DATABASE_URL: withPassword.toString(), DB_MIGRATE_ON_START: 'false' }

    const first = await runMigrate(workdir(t), env)
    t.equal(first.code, 0, first.stderr)
    t.equal(first.stderr, '')
    t.match(first.stdout, new RegExp(`^Migrations applied to PostgreSQL database ${name} on [^\\s]+\\n$`), 'one line')
    t.notMatch(first.stdout, /migration-password/, 'no credentials in the output')
    t.same(await inspect(url), MIGRATED)

    const again = await runMigrate(workdir(t), env)
    t.equal(again.code, 0, 'running it again is fine')
    t.same(await inspect(url), MIGRATED)
  },
)

t.test('npm run db:migrate reads DATABASE_URL from .env', { skip: POSTGRES_ONLY }, async (t) => {
  const { url } = await emptyDatabase(t)
  const dir = workdir(t)
  writeFileSync(join(dir, '.env'), `DATABASE_URL=${url}\n`)
  const exit = await runMigrate(dir, {})
  t.equal(exit.code, 0, exit.stderr)
  t.same(await inspect(url), MIGRATED)
})

t.test('npm run db:migrate refuses a DATABASE_URL that is not PostgreSQL', async (t) => {
  const exit = await runMigrate(workdir(t), { DATABASE_URL: 'mysql://db.example/accounts' })
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, /^[^\n]*DATABASE_URL[^\n]*\n$/, 'one line naming the variable')
})

t.test('npm run db:migrate reports an unreachable database in one line', async (t) => {
  const exit = await runMigrate(workdir(t), { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, /^Could not reach the database: [^\n]+\n$/)
})

t.test('an embedded in-memory database migrates from scratch', { skip: PGLITE_ONLY }, async (t) => {
  const database = await createDatabase({
    url: undefined,
    pgliteDataDir: 'memory://',
    poolMax: 1,
    migrateOnStart: true,
  })
  t.teardown(() => database.close())
  await database.migrate()
  await database.migrate()
  const { db } = database
  for (const table of [users, roles, userRoles, refreshTokens, todos]) t.type(await db.$count(table), 'number')
  const seeded = await db.select({ name: roles.name }).from(roles).orderBy(asc(roles.id))
  t.same(
    seeded.map((role) => role.name),
    ['user', 'admin'],
    'the built-in roles, once',
  )
})

t.test('npm run db:migrate creates and migrates an embedded database on disk', { skip: PGLITE_ONLY }, async (t) => {
  const dataDir = join(workdir(t), 'pglite')
  const exit = await runMigrate(workdir(t), { PGLITE_DATA_DIR: dataDir })
  t.equal(exit.code, 0, exit.stderr)
  t.equal(exit.stdout, `Migrations applied to the embedded database in ${dataDir}\n`)
  t.ok(existsSync(join(dataDir, 'PG_VERSION')), 'a PostgreSQL data directory')

  const database = await createDatabase({ url: undefined, pgliteDataDir: dataDir, poolMax: 1, migrateOnStart: false })
  t.teardown(() => database.close())
  t.same(
    (await database.db.select({ name: roles.name }).from(roles).orderBy(asc(roles.id))).map((role) => role.name),
    ['user', 'admin'],
  )
})
