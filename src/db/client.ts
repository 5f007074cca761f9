import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config.js'
import { MIGRATIONS_DIR } from '../paths.js'
import * as schema from './schema.js'

/** One type for both drivers; a transaction is also a Db. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  readonly db: Db
  readonly kind: 'postgres' | 'pglite'
  /**
   * The readiness probe's query. PostgreSQL: throws a read-only error (SQLSTATE 25006) when the server
   * accepts no writes (a standby), so readiness fails.
   */
  ping(): Promise<void>
  /** Applies the committed migrations from drizzle/, once, even with several instances starting. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** Start PGlite from a dumped data directory (tests use one migrated snapshot). */
  pgliteSnapshot?: Blob
}

/** Settings the tools and tests may leave out, with their defaults in createPostgres. */
type DefaultedSettings = 'connectTimeoutMs' | 'preparedStatements' | 'statementTimeoutMs' | 'migrateLockTimeoutMs'

/** The database settings; the PostgreSQL timeouts and prepared statements have defaults. */
export type DatabaseSettings = Omit<Config['database'], DefaultedSettings> &
  Partial<Pick<Config['database'], DefaultedSettings>>

/** Loads only the driver it uses: the other one is a noticeable part of start-up. */
export async function createDatabase(config: DatabaseSettings, options: DatabaseOptions = {}): Promise<Database> {
  return config.url
    ? (await import('./postgres.js')).createPostgres({ ...config, url: config.url })
    : createPglite(config.pgliteDataDir, options.pgliteSnapshot)
}

async function createPglite(dataDir: string, snapshot: Blob | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const inMemory = dataDir.startsWith('memory://')
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir)
  const client = new PGlite(inMemory ? 'memory://' : dataDir, {
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    // The embedded server has one connection and no other tenants: a small heap and shared buffer
    // pool keep its memory use down without slowing this service's small queries.
    initialMemory: 128 * 1024 * 1024,
    postgresqlconf: ['shared_buffers=8MB', 'work_mem=1MB', 'maintenance_work_mem=16MB'],
  })
  const db: Db = drizzle({ client, schema })
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`SELECT 1`)
    },
    // One process owns a PGlite data directory, so there is nobody to lock against.
    migrate: () => migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close()
      releaseLock()
    },
  }
}

/**
 * PGlite does not stop a second process from opening the same directory, and two writers corrupt it.
 * A lock file beside the directory names the owning process; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
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
