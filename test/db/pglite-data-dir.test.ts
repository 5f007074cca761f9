import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { createDatabase, type Database } from '../../src/db/client.js'
import { writePgliteTemplate } from '../../src/db/pglite-template.js'
import { MIGRATIONS_DIR } from '../../src/paths.js'
import { TEST_BUNDLE } from '../backend.js'
import { backend, TEST_SECRET } from '../helper.js'
import { runScript } from '../run-script.js'
import { startServer } from '../server-process.js'

/**
 * The embedded database on disk: a new data directory starts from the template the build makes (and
 * still gets the migrations the template lacks), everything in it is owner-only, and a directory that
 * others can reach is refused, as PostgreSQL refuses one.
 */
const skip = backend('pglite', 'about the embedded database')

interface Journal {
  entries: { tag: string; when: number }[]
}
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal
const MIGRATIONS = journal.entries.length

function workdir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-dir-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The migrations folder as it was before the newest migration was written. */
function olderMigrations(dir: string): string {
  const folder = join(dir, 'drizzle-older')
  cpSync(MIGRATIONS_DIR, folder, { recursive: true })
  const latest = journal.entries.at(-1)?.tag
  rmSync(join(folder, `${latest}.sql`))
  const older: Journal = { ...journal, entries: journal.entries.slice(0, -1) }
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(older))
  return folder
}

const open = (dataDir: string, template: string | null) =>
  createDatabase(
    { url: undefined, pgliteDataDir: dataDir, poolMax: 1, migrateOnStart: true },
    { pgliteTemplate: template },
  )

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: T[] }

/** Every path under `dir` (itself included) that group or others may use, with its mode. */
function shared(dir: string): string[] {
  const paths = [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => join(dir, path))]
  return paths
    .filter((path) => (statSync(path).mode & 0o077) !== 0)
    .map((path) => `${path} ${(statSync(path).mode & 0o777).toString(8)}`)
}

/** The free space maps and visibility maps under `dir`. */
function maps(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => /_(fsm|vm)$/.test(path))
}

/** The WAL segment files under `dir`. */
const segments = (dir: string) => readdirSync(join(dir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name))

/**
 * Makes PostgreSQL write WAL segment files of its own: each switch after a write starts a new segment,
 * and the checkpoint recycles the old ones. Returns the segments it made.
 */
async function walkWal(database: Database, dir: string): Promise<string[]> {
  const before = new Set(segments(dir))
  await database.db.execute(sql`CREATE TABLE filler (body text)`)
  for (let round = 0; round < 3; round++) {
    await database.db.execute(sql`INSERT INTO filler VALUES (${`row ${round}`})`)
    await database.db.execute(sql`SELECT pg_switch_wal()`)
  }
  await database.db.execute(sql`CHECKPOINT`)
  return segments(dir).filter((name) => !before.has(name))
}

let template: Promise<string> | undefined

/** One template for the file, made before the newest migration and carrying a mark of its own. */
function olderTemplate(): Promise<string> {
  template ??= (async () => {
    const work = mkdtempSync(join(tmpdir(), 'pglite-template-'))
    t.teardown(() => rmSync(work, { recursive: true, force: true }))
    const dir = join(work, 'template')
    await writePgliteTemplate(dir, olderMigrations(work))
    const marking = await open(join(dir, 'data'), null)
    await marking.db.execute(sql`INSERT INTO roles (name) VALUES ('from-template')`)
    await marking.close()
    return dir
  })()
  return template
}

t.test('a template is owner-only, and kept while the migrations and PGlite stay the same', { skip }, async (t) => {
  const template = await olderTemplate()
  t.same(shared(join(template, 'data')), [], 'owner-only')
  t.notOk(await writePgliteTemplate(template, olderMigrations(workdir(t))), 'kept')
})

t.test(
  'a template holds only the database the service opens, without maps PostgreSQL makes again',
  { skip },
  async (t) => {
    const data = join(await olderTemplate(), 'data')
    t.same(readdirSync(join(data, 'base')).length, 1, 'no template0 or template1')
    t.same(maps(data), [], 'no free space map or visibility map')
  },
)

t.test('a new data directory', { skip }, async (t) => {
  const work = workdir(t)
  const template = await olderTemplate()
  const dataDir = join(work, 'nested', 'pglite')
  const database = await open(dataDir, template)
  await database.migrate()

  t.test('starts from the template and gets the migrations it lacks', async (t) => {
    const marks = await rows<{ name: string }>(database, sql`SELECT name FROM roles WHERE name = 'from-template'`)
    t.equal(marks.rows.length, 1, 'copied from the template')
    const applied = await rows<{ count: number }>(
      database,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    )
    t.equal(applied.rows[0]?.count, MIGRATIONS, 'every migration applied')
    // Drizzle records each migration with its journal time: the newest one's is there.
    const newest = await rows<{ when: string }>(
      database,
      sql`SELECT max(created_at)::text AS when FROM drizzle.__drizzle_migrations`,
    )
    t.equal(
      newest.rows[0]?.when,
      String(journal.entries.at(-1)?.when),
      'the newest migration, missing from the template, ran',
    )
  })

  t.test('holds one database, and makes the maps again as it needs them', async (t) => {
    const databases = await rows<{ datname: string }>(database, sql`SELECT datname FROM pg_database`)
    t.same(
      databases.rows.map((row) => row.datname),
      ['postgres'],
    )
    await database.db.execute(sql`CREATE TABLE mapped AS SELECT g FROM generate_series(1, 10000) g`)
    await database.db.execute(sql`DELETE FROM mapped WHERE g % 3 = 0`)
    await database.db.execute(sql`VACUUM mapped`)
    await database.db.execute(sql`CHECKPOINT`)
    t.ok(
      maps(dataDir).some((path) => path.endsWith('_vm')),
      'a visibility map',
    )
    t.ok(
      maps(dataDir).some((path) => path.endsWith('_fsm')),
      'a free space map',
    )
    const left = await rows<{ count: number }>(database, sql`SELECT count(*)::int AS count FROM mapped`)
    t.equal(left.rows[0]?.count, 6667)
  })

  t.test('is owner-only all the way down, WAL included', async (t) => {
    const made = await walkWal(database, dataDir)
    await database.close()
    t.ok(made.length > 0, 'PostgreSQL made WAL segments of its own')
    t.same(shared(dataDir), [], 'no directory or file open to group or others')
    t.equal(statSync(join(work, 'nested')).mode & 0o777, 0o700, 'and so is a parent directory it made')
    t.notOk(existsSync(`${dataDir}.lock`), 'the lock is gone')

    const reopened = await open(dataDir, template)
    t.teardown(() => reopened.close())
    const count = await rows<{ count: number }>(reopened, sql`SELECT count(*)::int AS count FROM filler`)
    t.equal(count.rows[0]?.count, 3, 'and opens again with its data')
  })
})

t.test('a new data directory without a template is made by initdb, owner-only too', { skip }, async (t) => {
  const dataDir = join(workdir(t), 'pglite')
  const database = await open(dataDir, null)
  await database.migrate()
  const made = await walkWal(database, dataDir)
  await database.close()
  t.ok(made.length > 0, 'PostgreSQL made WAL segments of its own')
  t.same(shared(dataDir), [], 'no directory or file open to group or others')
})

t.test('an empty owner-only directory is filled from the template', { skip }, async (t) => {
  const dataDir = join(workdir(t), 'pglite')
  mkdirSync(dataDir, { mode: 0o700 })
  const database = await open(dataDir, await olderTemplate())
  t.teardown(() => database.close())
  const marks = await rows<{ name: string }>(database, sql`SELECT name FROM roles WHERE name = 'from-template'`)
  t.equal(marks.rows.length, 1)
})

t.test('a directory that group or others can reach is refused', { skip }, async (t) => {
  for (const mode of [0o755, 0o777, 0o750, 0o701]) {
    const dataDir = join(workdir(t), 'pglite')
    mkdirSync(dataDir)
    chmodSync(dataDir, mode)
    await t.rejects(
      open(dataDir, null),
      {
        message: `the embedded database directory ${dataDir} is open to group or others (mode 0${mode.toString(8)}); it holds password hashes, so like PostgreSQL the service starts only on a directory its owner alone can use: run chmod -R go-rwx ${dataDir}`,
      },
      `mode ${mode.toString(8)}`,
    )
    t.same(readdirSync(dataDir), [], 'nothing written into it')
    t.notOk(existsSync(`${dataDir}.lock`), 'no lock taken')
  }
})

t.test('the service refuses to start on such a directory, in one line', { skip }, async (t) => {
  const cwd = workdir(t)
  mkdirSync(join(cwd, '.data', 'pglite'), { recursive: true, mode: 0o755 })
  chmodSync(join(cwd, '.data', 'pglite'), 0o755)
  const exit = await runScript(TEST_BUNDLE, [], {
    cwd,
    env: { JWT_SECRET: TEST_SECRET, SERVER_PORT: '0' },
    timeoutMs: 120_000,
  })
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(
    exit.stderr,
    /^Start-up failed: the embedded database directory \.data\/pglite is open to group or others \(mode 0755\);[^\n]*chmod -R go-rwx \.data\/pglite\n$/,
  )
})

t.test('a data directory a running service holds is refused, in one line, until it stops', { skip }, async (t) => {
  const dataDir = join(workdir(t), 'pglite')
  const first = await startServer(t, { PGLITE_DATA_DIR: dataDir })
  t.equal((await fetch(`${first.url}/health/ready`)).status, 200, 'the first start is ready')
  const second = await runScript(TEST_BUNDLE, [], {
    cwd: workdir(t),
    env: { JWT_SECRET: TEST_SECRET, SERVER_PORT: '0', PGLITE_DATA_DIR: dataDir },
    timeoutMs: 120_000,
  })
  t.equal(second.code, 1)
  t.equal(second.stdout, '', 'refused before anything else started')
  t.equal(
    second.stderr,
    `Start-up failed: the embedded database in ${dataDir} is in use by process ${first.child.pid}; stop it first\n`,
  )
  first.child.kill('SIGTERM')
  t.match(await first.exited, { code: 0 })
  t.notOk(existsSync(`${dataDir}.lock`), 'the lock is gone once it stopped')
})

t.test('a first start that fails after its copy began leaves a whole data directory', { skip }, async (t) => {
  const cwd = workdir(t)
  const exit = await runScript(TEST_BUNDLE, [], {
    cwd,
    env: {
      JWT_SECRET: TEST_SECRET,
      SERVER_PORT: '0',
      JWT_SIGNING_ALG: 'ES256',
      JWT_PRIVATE_KEY_FILE: join(cwd, 'absent.pem'),
    },
    timeoutMs: 120_000,
  })
  t.equal(exit.code, 1)
  t.match(exit.stderr, /^Start-up failed: JWT_PRIVATE_KEY_FILE \([^\n]*\n$/)
  t.ok(existsSync(join(cwd, '.data', 'pglite', 'PG_VERSION')), 'the copy was let finish')
  const database = await open(join(cwd, '.data', 'pglite'), null)
  t.teardown(() => database.close())
  await database.migrate()
  t.pass('and the next start opens it')
})
