/**
 * The embedded PostgreSQL: PGlite in memory, or in a data directory that this process alone opens,
 * owner-only, and on a first start copies from the template `npm run build` made.
 */
import type { NodeFS as NodeFsClass } from '@electric-sql/pglite/nodefs'
import { sql } from 'drizzle-orm'
import { MIGRATIONS_DIR } from '../paths.js'
import type { Database, Db } from './client.js'
import { restrictToOwner } from './owner-only.js'
import { type DataDir, openDataDir } from './pglite-data-dir.js'
import * as schema from './schema.js'

export interface PgliteOptions {
  /** Start an in-memory PGlite from a dumped data directory (tests use one migrated snapshot). */
  snapshot?: Blob
  /** The template a new data directory is copied from; null runs initdb instead. */
  template?: string | null
  /** The data directory, already opened (the server opens it before it loads the rest of itself). */
  directory?: DataDir
}

export async function createPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  // Refused, locked and, when new, filling from the template in a thread of its own before anything is
  // awaited: the copy goes on while the modules load and the app is set up.
  const onDisk = inMemory ? undefined : (options.directory ?? openDataDir(dataDir, options.template))
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
      // A directory that could not be filled was never opened: there is nothing to close.
      const wasOpened = await opened.then(
        () => true,
        () => false,
      )
      try {
        if (wasOpened) await client.close()
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
