/**
 * The embedded PostgreSQL: PGlite in memory, or in a data directory that this process alone opens,
 * owner-only, and on a first start copies from the template `npm run build` made.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { sql } from 'drizzle-orm'
import { MIGRATIONS_DIR } from '../paths.js'
import type { Database, Db } from './client.js'
import { createOwnerOnly, refuseSharedDir, restrictToOwner } from './owner-only.js'
import { copyPgliteTemplate, PGLITE_TEMPLATE } from './pglite-template.js'
import * as schema from './schema.js'

export interface PgliteOptions {
  /** Start an in-memory PGlite from a dumped data directory (tests use one migrated snapshot). */
  snapshot?: Blob
  /** The template a new data directory is copied from; null runs initdb instead. */
  template?: string | null
}

export async function createPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const template = options.template === undefined ? PGLITE_TEMPLATE : options.template
  // The template's copy is under way in the I/O threads before anything is awaited here, so it goes on
  // while the modules load and the caller sets up what needs no database.
  const [{ PGlite }, { drizzle }, { migrate }, onDisk] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    inMemory ? undefined : openDataDir(dataDir, template),
  ])
  const client = new PGlite(inMemory ? 'memory://' : dataDir, {
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    // The embedded server has one connection and no other tenants: a small heap and shared buffer
    // pool keep its memory use down without slowing this service's small queries.
    initialMemory: 128 * 1024 * 1024,
    postgresqlconf: ['shared_buffers=8MB', 'work_mem=1MB', 'maintenance_work_mem=16MB'],
  })
  // Files made inside the WebAssembly PostgreSQL get its own fixed umask (022), whatever the process's:
  // initdb's are 0666, some written later 0644. The directory is owner-only, so nobody else reaches
  // them; still, they are made owner-only once initdb is done and whenever the database closes.
  if (onDisk?.initdb) {
    await client.waitReady
    restrictToOwner(dataDir)
  }
  const db: Db = drizzle({ client, schema })
  return {
    db,
    ping: async () => {
      await db.execute(sql`SELECT 1`)
    },
    // One process owns a PGlite data directory, so there is nobody to lock against.
    migrate: () => migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close()
      if (onDisk) {
        restrictToOwner(dataDir)
        onDisk.release()
      }
    },
  }
}

/**
 * Makes `dataDir` ready for PGlite: refused when others can reach it, locked, and filled from the
 * template when it is new. Says whether PGlite is left to run initdb in it.
 */
async function openDataDir(
  dataDir: string,
  template: string | null,
): Promise<{ initdb: boolean; release: () => void }> {
  refuseSharedDir(dataDir)
  createOwnerOnly()
  mkdirSync(dirname(dataDir), { recursive: true })
  const release = lockDataDir(dataDir)
  try {
    const fresh = !existsSync(join(dataDir, 'PG_VERSION'))
    const copied = fresh && template !== null && (await copyPgliteTemplate(template, dataDir))
    return { initdb: fresh && !copied, release }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * PGlite does not stop a second process from opening the same directory, and two writers corrupt it.
 * A lock file beside the directory names the owning process; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockFile, 'utf8'))
      if (owner && owner !== process.pid && isRunning(owner))
        throw new Error(`the embedded database in ${dataDir} is in use by process ${owner}; stop it first`)
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`could not lock the embedded database in ${dataDir}`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}
