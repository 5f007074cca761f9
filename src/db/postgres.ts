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
    // Nor may a connection carry a query queued behind another one's answer (postgres.js pipelines up
    // to max_pipeline queries behind the one running, so 1 still allows two): such a pooler hands the
    // server connection back at the first answer's ReadyForQuery, and the second answer reaches a
    // server no client is linked to any more, leaving its query waiting for ever (issue 29).
    ...(preparedStatements ? {} : { max_pipeline: 0 }),
    // A statement cut off by the request deadline is cancelled by the server too. A transaction-mode
    // pooler refuses start-up parameters like this one: there the role's own setting does it (docs/operations.md).
    ...(preparedStatements && statementTimeoutMs > 0 ? { connection: { statement_timeout: statementTimeoutMs } } : {}),
    onnotice: () => {},
  })
  dropTypeFetchFailures()
  /** A multi-host URL that asks for a primary and finds only standbys: read-only, not unreachable. */
  const asReadOnly = async (error: unknown) =>
    isConnectionFailure(error) && (await routing.onlyStandbys().catch(() => false)) ? new ReadOnlyDatabase() : error
  const db: Db = drizzle({ client: guardedClient(client, connectTimeoutS * 1000), schema })
  return {
    db,
    ping: async () => {
      // docs/contract.md "Health": a server that answers but takes no writes (a standby) is not ready.
      const [row] = await client
        .unsafe<{ read_only: boolean }[]>(
          "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on' AS read_only",
        )
        .catch(async (error: unknown) => {
          if (isStartupParameterRefusal(error)) throw new PoolerRefusedStatementTimeout()
          throw await asReadOnly(error)
        })
      if (row?.read_only) throw new ReadOnlyDatabase()
    },
    startupWarning: async () => {
      if (!preparedStatements || statementTimeoutMs <= 0) return undefined
      // A start-up parameter reaches the session unless something on the way drops it: a pooler told
      // to ignore it (PgBouncer's ignore_startup_parameters), which is then also between prepared
      // statements and the server connections they were prepared on.
      const [row] = await client.unsafe<{ ms: number }[]>(
        "SELECT setting::int AS ms FROM pg_settings WHERE name = 'statement_timeout'",
      )
      return row?.ms === statementTimeoutMs ? undefined : POOLER_IGNORED_STATEMENT_TIMEOUT
    },
    migrate: () =>
      migratePostgres(url, { preparedStatements, lockTimeoutMs: config.migrateLockTimeoutMs ?? 60_000 }).catch(
        async (error: unknown) => {
          throw await asReadOnly(error)
        },
      ),
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

/** postgres.js's statement that reads the array types on each new connection. */
const TYPE_FETCH = /from pg_catalog\.pg_type a\s+left join pg_catalog\.pg_type b/

/** A failure of that statement, as postgres.js rejects it: its text rides on the error. */
export const isTypeFetchFailure = (reason: unknown): boolean =>
  typeof reason === 'object' && reason !== null && TYPE_FETCH.test(String((reason as { query?: unknown }).query ?? ''))

let dropping = false

/**
 * postgres.js 3.4.9 reads the array types on each new connection in a promise nobody awaits
 * (connection.js, fetchArrayTypes): when the connection dies during that statement (the database was
 * killed, restarted or failed over), the rejection goes unhandled, and Node ends the process. Only that
 * rejection is recognised, by its statement, and dropped: the connection's close already fails or
 * retries whatever waited for it. Every other unhandled rejection is thrown, as Node would.
 */
function dropTypeFetchFailures() {
  if (dropping) return
  dropping = true
  process.on('unhandledRejection', (reason) => {
    if (isTypeFetchFailure(reason)) return
    throw reason
  })
}

/** PgBouncer's answer to a start-up parameter it does not pass on. */
const isStartupParameterRefusal = (error: unknown): boolean =>
  error instanceof Error && /^unsupported startup parameter: statement_timeout$/.test(error.message)

/**
 * What a pooler's refusal of the statement_timeout start-up parameter means for the operator: the
 * setting is what needs changing, not the pooler's list of parameters to ignore (docs/operations.md, "Running
 * several instances").
 */
export class PoolerRefusedStatementTimeout extends Error {
  readonly code = '08P01'
  constructor() {
    super(
      'the database connection goes through a connection pooler (PgBouncer) that refuses the statement_timeout start-up parameter, which the service sends only with prepared statements on: behind a pooler in transaction mode set DATABASE_PREPARED_STATEMENTS=false (docs/operations.md, "Running several instances")',
    )
    this.name = 'PoolerRefusedStatementTimeout'
  }
}

/** The start-up warning when the session lacks the statement_timeout the service asked for. */
export const POOLER_IGNORED_STATEMENT_TIMEOUT =
  'the database session did not get the statement_timeout start-up parameter: something between the service and PostgreSQL ignores it (PgBouncer with ignore_startup_parameters). If it is a pooler in transaction mode, set DATABASE_PREPARED_STATEMENTS=false, or prepared statements meet server connections they were not prepared on (unless it is PgBouncer 1.21+ with max_prepared_statements set); either way set statement_timeout on the role (docs/operations.md, "Running several instances")'

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
export function guardedClient(client: Sql, reserveTimeoutMs: number): Sql {
  // Made once: Drizzle reads `unsafe` for every statement it sends.
  const unsafe = guardedUnsafe(client)
  const transaction = (fn: Transaction<unknown>) => begin(client, fn, reserveTimeoutMs)
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'begin') return transaction
      if (key === 'unsafe') return unsafe
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

/** The error a statement of a transaction gets once its connection has closed: never sent. */
class ConnectionClosed extends Error {
  readonly code = 'CONNECTION_CLOSED'
  constructor() {
    super("the transaction's connection closed: its statement was not sent")
    this.name = 'ConnectionClosed'
  }
}

/** No connection could be reserved in time (all busy, or none can be opened). */
class ReserveTimeout extends Error {
  readonly code = 'CONNECT_TIMEOUT'
  constructor(ms: number) {
    super(`no database connection could be had within ${ms} ms`)
    this.name = 'ReserveTimeout'
  }
}

/** postgres.js's connection object, as its `onexecute` query option hands it over (not in its types). */
interface DriverConnection {
  onclose?: ((error?: unknown) => void) | null
}

/**
 * A reserved connection, waited for at most `timeoutMs`. postgres.js 3.4.9 can leave a reserve that
 * is waiting when a connection closes unsettled for ever (porsager/postgres#1195): without the bound the
 * request would wait for its deadline, not DATABASE_CONNECT_TIMEOUT. A reserve granted after the bound
 * goes straight back to the pool.
 */
async function reserveWithin(client: Sql, timeoutMs: number) {
  const reserving = client.reserve()
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      reserving,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReserveTimeout(timeoutMs)), timeoutMs)
      }),
    ])
  } catch (error) {
    reserving.then(
      (late) => late.release(),
      () => {},
    )
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/**
 * BEGIN, the work, COMMIT checked by its tag, on one reserved connection; savepoints for nesting.
 *
 * Once the connection closes (killed, failed over), no statement of the transaction is sent on it
 * again and it is not released: postgres.js would write to its closed socket (an uncaught TypeError
 * that ends the process), or, reconnected for another query, run the rest of the transaction on a new
 * session outside it, or hand the dead connection back to the pool (porsager/postgres#1199). Its close
 * is learnt from the connection itself, which the BEGIN's `onexecute` hands over.
 */
export async function begin<T>(client: Sql, fn: Transaction<T>, reserveTimeoutMs = 5000): Promise<T> {
  assertRequestLive()
  const connection = await reserveWithin(client, reserveTimeoutMs)
  const unsafe = connection.unsafe
  let closed = false
  // A connection that failed is already back in postgres.js's closed queue: releasing it would hand
  // the dead connection to the next query.
  let usable = true
  const send: Sql['unsafe'] = (...args) => {
    if (closed) throw new ConnectionClosed()
    return unsafe(...args)
  }
  const run = async (statement: string) => {
    try {
      return await send(statement)
    } catch (error) {
      if (isConnectionFailure(error)) usable = false
      throw error
    }
  }
  let watched: DriverConnection | undefined
  const watchClose = {
    onexecute: (driver: DriverConnection) => {
      watched = driver
      driver.onclose = () => {
        closed = true
      }
      return true
    },
  }
  let savepoints = 0
  const tx = Object.assign(connection, {
    unsafe: guardedUnsafe({ unsafe: send }),
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
    try {
      await unsafe('BEGIN', [], watchClose as object)
    } catch (error) {
      if (isConnectionFailure(error)) usable = false
      throw error
    }
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
    if (watched && !closed) watched.onclose = null
    if (usable && !closed) connection.release()
  }
}
