import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config.js'
import { createPglite } from './pglite.js'
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
  /** Start an in-memory PGlite from a dumped data directory (tests use one migrated snapshot). */
  pgliteSnapshot?: Blob
  /** The template a new PGlite data directory is copied from (default: the one the build made); null runs initdb. */
  pgliteTemplate?: string | null
}

/** The database settings; the connect timeout defaults to 5 s. */
export type DatabaseSettings = Omit<Config['database'], 'connectTimeoutMs'> & { connectTimeoutMs?: number }

/** Loads only the driver it uses: the other one is a noticeable part of start-up. */
export async function createDatabase(config: DatabaseSettings, options: DatabaseOptions = {}): Promise<Database> {
  return config.url
    ? createPostgres(config.url, config.poolMax, config.connectTimeoutMs ?? 5000)
    : createPglite(config.pgliteDataDir, { snapshot: options.pgliteSnapshot, template: options.pgliteTemplate })
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
