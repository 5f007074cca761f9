/** Recognisers for the database drivers' error shapes (postgres.js and PGlite differ in places). */
import { DrizzleQueryError } from 'drizzle-orm/errors'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/** True when the error (or its cause) says the database could not be reached at all. */
export function isConnectionFailure(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true
    if (current.message === 'PGlite is closed') return true
  }
  return false
}

/**
 * Text PostgreSQL cannot store or compare: a NUL character (SQLSTATE 22021, under both drivers).
 * It is the caller's input, not a server fault.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause)
    if ((current as { code?: unknown }).code === '22021') return true
  return false
}

/** A unique violation of the named constraint, under postgres.js (`constraint_name`) or PGlite (`constraint`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const fields = current as { code?: unknown; constraint_name?: unknown; constraint?: unknown }
    if (fields.code === '23505') return (fields.constraint_name ?? fields.constraint) === constraint
  }
  return false
}

/**
 * Drizzle wraps driver errors in a DrizzleQueryError whose message lists the query's parameters,
 * password hashes and token hashes included. Logs and development details use its cause instead.
 */
export function withoutQueryParameters(error: unknown): unknown {
  return error instanceof DrizzleQueryError ? error.cause : error
}
