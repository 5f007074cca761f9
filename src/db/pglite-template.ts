/**
 * A migrated PGlite data directory, made once by `npm run build`, that a first start copies instead of
 * running PostgreSQL's initdb inside WebAssembly (seconds and about 800 MB at the peak, where copying
 * and reopening a directory takes a fraction of both). Migrations still run after the copy, so a
 * template older than the newest migration only saves less work.
 *
 * What a copy costs is the files it makes, not their bytes: on some file systems making a file takes
 * a millisecond of kernel time, and 40 MB of contents a few. So the template holds the one database
 * the service opens, without initdb's template0 and template1 (a database is created from them, which
 * PGlite, a single database in one process, never does), and without the free space maps and
 * visibility maps, which PostgreSQL makes again on demand: about 350 files instead of about 1,040.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { MIGRATIONS_DIR, ROOT } from '../paths.js'
import { restrictToOwner } from './owner-only.js'

/** Where `npm run build` leaves the template: `data/`, and `template.json` saying what made it. */
export const PGLITE_TEMPLATE = join(ROOT, 'dist', 'pglite-template')

/** What a template was made from: a data directory opens only under the PGlite release that wrote it. */
interface Stamp {
  pglite: string
  migrations: string
  /** What the template leaves out, so a template made before a change to that is made again. */
  layout: typeof LAYOUT
}

const LAYOUT = 'one-database-no-maps'

/**
 * Writes a template of `migrationsFolder` into `dir`, unless one of the same PGlite release and
 * migrations is there already. Returns whether it wrote one.
 */
export async function writePgliteTemplate(dir: string, migrationsFolder = MIGRATIONS_DIR): Promise<boolean> {
  const stamp: Stamp = { pglite: pgliteVersion(), migrations: migrationsDigest(migrationsFolder), layout: LAYOUT }
  if (JSON.stringify(readStamp(dir)) === JSON.stringify(stamp)) return false
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  // Made aside and renamed into place, so no start ever copies half a template.
  const staging = `${dir}.${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const data = join(staging, 'data')
  const client = new PGlite(data)
  try {
    await migrate(drizzle({ client }), { migrationsFolder })
    await dropTemplateDatabases(client)
  } finally {
    await client.close()
  }
  // Closed cleanly, so no WAL is left to replay into them.
  removeMaps(data)
  restrictToOwner(staging)
  writeFileSync(join(staging, 'template.json'), `${JSON.stringify(stamp)}\n`)
  rmSync(dir, { recursive: true, force: true })
  renameSync(staging, dir)
  return true
}

/**
 * Drops initdb's template0 and template1 from a PGlite database: a database is created from them, which
 * PGlite, a single database in one process, never does, and they are most of a data directory's files.
 */
export async function dropTemplateDatabases(client: { exec(sql: string): Promise<unknown> }): Promise<void> {
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`)
  // One statement each: DROP DATABASE refuses to run inside the transaction a batch would make.
  await client.exec('DROP DATABASE template0')
  await client.exec('DROP DATABASE template1')
}

/**
 * Fills the new or empty `dataDir` from the template, owner-only, and returns true; returns false,
 * changing nothing, when `dataDir` already has contents or there is no template for this PGlite.
 *
 * The copy runs in a thread of its own, one file after another, while the main thread loads and sets up
 * the rest of the service. Copies issued from the main thread went no faster than the kernel makes files
 * (one at a time, here up to a millisecond each) and waited for the main thread between two, which a
 * module being loaded holds for a quarter of a second; issued all at once, they held every I/O thread,
 * and PGlite's own files and the modules still to load waited behind them.
 */
export async function copyPgliteTemplate(template: string, dataDir: string): Promise<boolean> {
  if (readStamp(template)?.pglite !== pgliteVersion()) return false
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(COPY, {
      eval: true,
      workerData: { source: join(template, 'data'), dataDir },
      // Node's own start, not the parent's flags or module loaders: the copy needs nothing else.
      execArgv: [],
    })
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the template copy ended with ${code}`))))
  })
  return true
}

/**
 * The copy thread's script. Directories come before their contents in the listing. PG_VERSION is copied
 * last: PGlite takes a directory with it for a complete one and runs initdb in one without, so it is
 * never there when a start was stopped half-way through the copy. A copy gets the template's mode
 * (owner-only) whatever the umask, and the mode is set again in case the template's was changed.
 */
const COPY = `
const { constants, chmodSync, copyFileSync, mkdirSync, readdirSync } = require('node:fs')
const { join, relative } = require('node:path')
const { source, dataDir } = require('node:worker_threads').workerData
const copy = (from, to) => {
  copyFileSync(from, to, constants.COPYFILE_FICLONE)
  chmodSync(to, 0o600)
}
const version = join(source, 'PG_VERSION')
for (const entry of readdirSync(source, { withFileTypes: true, recursive: true })) {
  const from = join(entry.parentPath, entry.name)
  const to = join(dataDir, relative(source, from))
  if (entry.isDirectory()) mkdirSync(to, { recursive: true, mode: 0o700 })
  else if (entry.isFile() && from !== version) copy(from, to)
}
copy(version, join(dataDir, 'PG_VERSION'))
`

/** Deletes every relation's free space map and visibility map under `dataDir`. */
function removeMaps(dataDir: string): void {
  for (const entry of readdirSync(dataDir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && /^\d+_(fsm|vm)$/.test(entry.name)) rmSync(join(entry.parentPath, entry.name))
}

function readStamp(template: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(join(template, 'template.json'), 'utf8')) as Stamp
  } catch {
    return undefined
  }
}

/** The installed PGlite release, from its package.json (which the package does not export). */
function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
  const packageJson = join(entry, '..', '..', 'package.json')
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version
}

/** A digest of the migration files, which changes with any of them. */
function migrationsDigest(folder: string): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    hash.update(file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(readFileSync(join(folder, file)))
  }
  return hash.digest('hex')
}
