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
  /** Runs `SELECT 1`: the readiness probe's query. */
  ping(): Promise<void>
  /** Applies the committed migrations from drizzle/, once, even with several instances starting. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** Start PGlite from a dumped data directory (tests use one migrated snapshot). */
  pgliteSnapshot?: Blob
}

/** The database settings; the connect timeout defaults to 5 s. */
export type DatabaseSettings = Omit<Config['database'], 'connectTimeoutMs'> & { connectTimeoutMs?: number }

/** Loads only the driver it uses: the other one is a noticeable part of start-up. */
export async function createDatabase(config: DatabaseSettings, options: DatabaseOptions = {}): Promise<Database> {
  return config.url
    ? createPostgres(config.url, config.poolMax, config.connectTimeoutMs ?? 5000)
    : createPglite(config.pgliteDataDir, options.pgliteSnapshot)
}

async function createPostgres(url: string, poolMax: number, connectTimeoutMs: number): Promise<Database> {
  const [{ default: postgres }, { drizzle }, { migratePostgres }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
    import('./migrate.js'),
  ])
  const client = postgres(url, {
    max: poolMax,
    // Fail fast when the server is unreachable instead of holding requests for the default 30 s.
    connect_timeout: Math.max(1, Math.ceil(connectTimeoutMs / 1000)),
    idle_timeout: 60,
    // postgres.js pauses before each reconnect, longer after every failed attempt across the pool (up
    // to 20 s): one outage would hold requests far past the connect timeout, and keep them waiting long
    // after the database is back. Each attempt is made for a waiting query, so a short capped pause
    // is enough to spare a database that refuses connections.
    backoff: (retries: number) => Math.min(0.25, 0.01 * 2 ** retries),
    onnotice: () => {},
  })
  const db: Db = drizzle({ client, schema })
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`SELECT 1`)
    },
    migrate: () => migratePostgres(url),
    close: () => client.end({ timeout: 5 }),
  }
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
