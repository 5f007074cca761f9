/**
 * The fast path for hot queries: rows as the drivers return them, without Drizzle's mapping (column names
 * as keys, timestamps as PostgreSQL text, json parsed by one driver and text from the other), mapped by
 * hand in one function per query, which is the only place a raw row's shape appears.
 */
import type { SQL } from 'drizzle-orm'
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** postgres.js answers a raw statement with an array of rows, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}

/** json columns arrive parsed from one driver and as text from the other. */
export const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

export interface MappedQuery<T> {
  /** The first row, mapped; undefined when there is none. */
  one(values: Record<string, unknown>): Promise<T | undefined>
  all(values: Record<string, unknown>): Promise<T[]>
}

/** A prepared query whose rows are read as the driver returns them, for a mapping that needs them all. */
export function rawQuery<Row>(query: PgPreparedQuery<PreparedQueryConfig>): {
  all(values: Record<string, unknown>): Promise<Row[]>
} {
  return query as unknown as { all(values: Record<string, unknown>): Promise<Row[]> }
}

/**
 * A prepared query whose rows are read unmapped and mapped by `mapRow`. Both drivers' prepared queries
 * have `all`, which Drizzle's shared type leaves out.
 */
export function mappedQuery<Row, T>(
  query: PgPreparedQuery<PreparedQueryConfig>,
  mapRow: (row: Row) => T,
): MappedQuery<T> {
  const unmapped = query as unknown as { all(values: Record<string, unknown>): Promise<Row[]> }
  return {
    one: async (values) => {
      const [row] = await unmapped.all(values)
      return row === undefined ? undefined : mapRow(row)
    },
    all: async (values) => (await unmapped.all(values)).map(mapRow),
  }
}

/**
 * A timestamptz's text as `Date#toISOString` writes it (to the millisecond, truncated, as `Date` keeps
 * it), without making a Date: on a session in UTC (the ISO DateStyle, the session's TimeZone UTC),
 * PostgreSQL writes `YYYY-MM-DD HH:MM:SS+00`, with `.` and one to six digits of fraction before the
 * offset, and the parts are cut out where they stand (a regular expression's match cost more than the
 * rest of a listed todo's mapping). Any other text (a session in another time zone, a year before 1000
 * or past 9999, a date BC) goes through Date, as before.
 */
export function isoTimestamp(text: string): string {
  // Digits of the fraction; -1 for none, as the text is then one character shorter than with one.
  const digits = text.length - 23
  const utc =
    (digits === -1 || (digits >= 1 && digits <= 6 && text[19] === '.')) &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':' &&
    text[0] !== '0' &&
    text.endsWith('+00')
  if (!utc) return new Date(text).toISOString()
  if (digits >= 3) return `${text.slice(0, 10)}T${text.slice(11, 23)}Z`
  const milliseconds = digits === -1 ? '000' : `${text.slice(20, 20 + digits)}${digits === 1 ? '00' : '0'}`
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`
}

const dialect = new PgDialect()

/**
 * A hand-written statement prepared as a built query is by `.prepare()`: `db.execute` sends its text
 * unprepared, so the server parses and plans it again on every call. Values go in through
 * `sql.placeholder(name)`. It uses Drizzle's session, which is not public API: drizzle-orm is pinned
 * exactly, and test/db/raw-rows.test.ts fails if this stops working.
 */
export function prepareRaw(db: Db, name: string, query: SQL): PgPreparedQuery<PreparedQueryConfig> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
}
