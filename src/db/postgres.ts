import type { Sql, TransactionSql } from 'postgres'
import type { Database, DatabaseSettings, Db } from './client.js'
import { isConnectionFailure } from './errors.js'
import { hostRouting } from './multi-host.js'
import { assertRequestLive } from './request-scope.js'
import * as schema from './schema.js'

/** The postgres.js pool behind the one Db type: PostgreSQL when DATABASE_URL is set. */
export async function createPostgres(config: DatabaseSettings & { url: string }): Promise<Database> {
  const [{ default: postgres }, { drizzle }, { migratePostgres }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
    import('./migrate.js'),
  ])
  const { url, preparedStatements = true, statementTimeoutMs = 0 } = config
  // Fail fast when the server is unreachable instead of holding requests for the default 30 s.
  const connectTimeoutS = Math.max(1, Math.ceil((config.connectTimeoutMs ?? 5000) / 1000))
  const routing = hostRouting(url, { connectTimeoutS })
  const client = postgres(url, {
    ...routing.options,
    max: config.poolMax,
    connect_timeout: connectTimeoutS,
    idle_timeout: 60,
    backoff: reconnectPause,
    // A transaction-mode pooler hands each transaction whichever server connection is free, where a
    // statement prepared on another one does not exist: every statement then goes unnamed.
    prepare: preparedStatements,
    // A statement cut off by the request deadline is cancelled by the server too. A transaction-mode
    // pooler refuses start-up parameters like this one: there the role's own setting does it (README).
    ...(preparedStatements && statementTimeoutMs > 0 ? { connection: { statement_timeout: statementTimeoutMs } } : {}),
    onnotice: () => {},
  })
  const db: Db = drizzle({ client: guardedClient(client), schema })
  return {
    db,
    ping: async () => {
      // decisions.md "Health": a server that answers but takes no writes (a standby) is not ready.
      const [row] = await client.unsafe<{ read_only: boolean }[]>(
        "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on' AS read_only",
      )
      if (row?.read_only) throw new ReadOnlyDatabase()
    },
    migrate: () => migratePostgres(url, { preparedStatements, lockTimeoutMs: config.migrateLockTimeoutMs ?? 60_000 }),
    close: async () => {
      await client.end({ timeout: 5 })
      await routing.close()
    },
  }
}

/**
 * Seconds before a reconnect. postgres.js pauses longer after every failed attempt across the pool (up
 * to 20 s): one outage would hold requests far past the connect timeout, and keep them waiting long
 * after the database is back. Each attempt is made for a waiting query, so a short capped pause is
 * enough to spare a database that refuses connections.
 */
export const reconnectPause = (retries: number) => Math.min(0.25, 0.01 * 2 ** retries)

/** The database accepts no writes: the driver's own SQLSTATE for it, so one recogniser serves both. */
export class ReadOnlyDatabase extends Error {
  readonly code = '25006'
  constructor() {
    super('the database is read-only')
    this.name = 'ReadOnlyDatabase'
  }
}

/** A commit the server answered with another command tag (ROLLBACK): the transaction did not happen. */
export class CommitFailed extends Error {
  readonly code = 'COMMIT_FAILED'
  constructor(tag: string) {
    super(`the database answered COMMIT with ${tag}: the transaction was rolled back`)
    this.name = 'CommitFailed'
  }
}

type Transaction<T> = (tx: TransactionSql) => T | Promise<T>

/**
 * Wraps a postgres.js client so that
 * - its transactions check the COMMIT's command tag: PostgreSQL answers COMMIT in an aborted
 *   transaction with ROLLBACK and no error (postgres.js's own `begin` then reports success, which is
 *   how a transaction-mode pooler undid acknowledged writes);
 * - no statement starts, and no transaction commits, for a request already answered 503 at its
 *   deadline (see request-scope.ts).
 * Drizzle sends every statement through `unsafe` and every transaction through `begin`.
 */
export function guardedClient(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'begin') return (fn: Transaction<unknown>) => begin(target, fn)
      if (key === 'unsafe') return guardedUnsafe(target)
      return Reflect.get(target, key, receiver)
    },
  })
}

const guardedUnsafe =
  (client: Pick<Sql, 'unsafe'>): Sql['unsafe'] =>
  (...args: Parameters<Sql['unsafe']>) => {
    assertRequestLive()
    return client.unsafe(...args)
  }

/** BEGIN, the work, COMMIT checked by its tag, on one reserved connection; savepoints for nesting. */
export async function begin<T>(client: Sql, fn: Transaction<T>): Promise<T> {
  assertRequestLive()
  const connection = await client.reserve()
  const unsafe = connection.unsafe
  // A connection that failed is already back in postgres.js's closed queue: releasing it would hand
  // the dead connection to the next query.
  let usable = true
  const run = async (statement: string) => {
    try {
      return await unsafe(statement)
    } catch (error) {
      if (isConnectionFailure(error)) usable = false
      throw error
    }
  }
  let savepoints = 0
  const tx = Object.assign(connection, {
    unsafe: guardedUnsafe({ unsafe }),
    savepoint: async <R>(inner: Transaction<R>) => {
      const name = `s${savepoints++}`
      await run(`SAVEPOINT ${name}`)
      try {
        const result = await inner(tx)
        await run(`RELEASE SAVEPOINT ${name}`)
        return result
      } catch (error) {
        if (usable && !isConnectionFailure(error)) await run(`ROLLBACK TO SAVEPOINT ${name}`)
        throw error
      }
    },
  }) as unknown as TransactionSql
  try {
    await run('BEGIN')
    let result: T
    try {
      result = await fn(tx)
      assertRequestLive()
    } catch (error) {
      if (isConnectionFailure(error)) usable = false
      if (usable) await run('ROLLBACK').catch(() => {})
      throw error
    }
    const { command } = await run('COMMIT')
    if (command !== 'COMMIT') throw new CommitFailed(command)
    return result
  } finally {
    if (usable) connection.release()
  }
}
