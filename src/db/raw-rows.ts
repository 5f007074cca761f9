/**
 * Rows as the drivers return them, without Drizzle's mapping: column names as keys, timestamps as
 * PostgreSQL text, json parsed by one driver and text from the other. For raw statements, and for a hot
 * query whose rows are cheaper to map by hand than cell by cell.
 */
import type { SQL } from 'drizzle-orm'
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** postgres.js answers a raw statement with an array of rows, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}

export const rowCount = (result: unknown) => rowsOf(result).length

/** json columns arrive parsed from one driver and as text from the other. */
export const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/**
 * Runs a prepared query and returns its rows unmapped. Both drivers' prepared queries have `all`, which
 * Drizzle's shared type leaves out.
 */
export async function allRows<T>(
  query: PgPreparedQuery<PreparedQueryConfig>,
  values: Record<string, unknown>,
): Promise<T[]> {
  const unmapped = query as unknown as { all(values: Record<string, unknown>): Promise<T[]> }
  return unmapped.all(values)
}

const dialect = new PgDialect()

/**
 * A hand-written statement prepared as a built query is by `.prepare()`: `db.execute` sends its text
 * unprepared, so the server parses and plans it again on every call. Values go in through
 * `sql.placeholder(name)` and out through `allRows`.
 */
export function prepareRaw(db: Db, name: string, query: SQL): PgPreparedQuery<PreparedQueryConfig> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
}
