import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config.js'
import { createPglite } from './pglite.js'
import type { DataDir } from './pglite-data-dir.js'
import type * as schema from './schema.js'

/** One type for both drivers; a transaction is also a Db. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  readonly db: Db
  /**
   * The readiness probe's query. PostgreSQL: throws a read-only error (SQLSTATE 25006) when the server
   * accepts no writes (a standby), so readiness fails.
   */
  ping(): Promise<void>
  /**
   * A warning for the start-up log when the connection's session is not what the settings asked for
   * (PostgreSQL: a pooler dropped the statement_timeout start-up parameter), or undefined.
   */
  startupWarning?(): Promise<string | undefined>
  /** Applies the committed migrations from drizzle/, once, even with several instances starting. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** Start an in-memory PGlite from a dumped data directory (tests use one migrated snapshot). */
  pgliteSnapshot?: Blob
  /** The template a new PGlite data directory is copied from (default: the one the build made); null runs initdb. */
  pgliteTemplate?: string | null
  /** The PGlite data directory the settings name, already opened by the caller. */
  pgliteDirectory?: DataDir
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
    : createPglite(config.pgliteDataDir, {
        snapshot: options.pgliteSnapshot,
        template: options.pgliteTemplate,
        directory: options.pgliteDirectory,
      })
}
