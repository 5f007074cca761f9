/**
 * The embedded PostgreSQL: PGlite in memory, or in a data directory that this process alone opens,
 * owner-only, and on a first start copies from the template `npm run build` made.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { NodeFS as NodeFsClass } from '@electric-sql/pglite/nodefs'
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
  // Refused, locked and, when new, filling from the template in the I/O threads before anything is
  // awaited: the copy goes on while the modules load and the app is set up.
  const onDisk = inMemory ? undefined : openDataDir(dataDir, template)
  const [{ PGlite }, { NodeFS }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/nodefs'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]).catch((error: unknown) => {
    onDisk?.release()
    throw error
  })
  // PGlite compiles its WebAssembly and unpacks its own files meanwhile, and looks into the directory
  // only once the copy is complete.
  const client = new PGlite({
    ...(onDisk ? { fs: openedAfter(NodeFS, dataDir, onDisk.filled) } : { dataDir: 'memory://' }),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    // The embedded server has one connection and no other tenants: a small heap and shared buffer
    // pool keep its memory use down without slowing this service's small queries.
    initialMemory: 128 * 1024 * 1024,
    postgresqlconf: ['shared_buffers=8MB', 'work_mem=1MB', 'maintenance_work_mem=16MB'],
  })
  // A failure to open reaches `opened` and every query, which wait for it: until then it is no
  // unhandled rejection.
  client.waitReady.catch(() => {})
  const opened = open()
  opened.catch(() => {})
  async function open() {
    // Files made inside the WebAssembly PostgreSQL get its own fixed umask (022), whatever the process's:
    // initdb's are 0666, some written later 0644. The directory is owner-only, so nobody else reaches
    // them; still, they are made owner-only once initdb is done and whenever the database closes.
    if (await onDisk?.filled) {
      await client.waitReady
      restrictToOwner(dataDir)
    }
  }
  const db: Db = drizzle({ client, schema })
  return {
    db,
    ping: async () => {
      await opened
      await db.execute(sql`SELECT 1`)
    },
    // One process owns a PGlite data directory, so there is nobody to lock against.
    migrate: async () => {
      await opened
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR })
    },
    close: async () => {
      try {
        // A directory that could not be filled was never opened: there is nothing to close.
        if (
          await opened.then(
            () => true,
            () => false,
          )
        )
          await client.close()
      } finally {
        if (onDisk) {
          restrictToOwner(dataDir)
          onDisk.release()
        }
      }
    },
  }
}

/** PGlite's file system for a directory on disk, which PostgreSQL opens only once `filled` settles. */
function openedAfter(NodeFS: typeof NodeFsClass, dataDir: string, filled: Promise<unknown>): NodeFsClass {
  return new (class extends NodeFS {
    override async initialSyncFs() {
      await filled
    }
  })(dataDir)
}

/**
 * Makes `dataDir` ready for PGlite: refused when others can reach it and locked, at once; `filled`
 * then settles once it is filled from the template when new, saying whether PGlite is left to run
 * initdb in it.
 */
function openDataDir(dataDir: string, template: string | null): { filled: Promise<boolean>; release: () => void } {
  refuseSharedDir(dataDir)
  createOwnerOnly()
  mkdirSync(dirname(dataDir), { recursive: true })
  const release = lockDataDir(dataDir)
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'))
  const filled = (async () => {
    const copied = fresh && template !== null && (await copyPgliteTemplate(template, dataDir))
    return fresh && !copied
  })()
  // Awaited by the caller once PGlite is under way; a failure before then is no unhandled rejection.
  filled.catch(() => {})
  return { filled, release }
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
