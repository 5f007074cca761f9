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

/** The fields the drivers put on their errors. */
interface DriverError extends Error {
  code?: unknown
  /** postgres.js */
  constraint_name?: unknown
  /** PGlite */
  constraint?: unknown
}

/** The error and its causes, outermost first: Drizzle wraps the driver's error in its own. */
function causeChain(error: unknown): DriverError[] {
  const chain: DriverError[] = []
  for (let current = error; current instanceof Error; current = current.cause) chain.push(current)
  return chain
}

/** True when the error (or its cause) says the database could not be reached at all. */
export const isConnectionFailure = (error: unknown): boolean =>
  causeChain(error).some(
    ({ code, message }) => (typeof code === 'string' && CONNECTION_CODES.has(code)) || message === 'PGlite is closed',
  )

/**
 * Text PostgreSQL cannot store or compare: a NUL character (SQLSTATE 22021, under both drivers).
 * It is the caller's input, not a server fault.
 */
export const isUnstorableText = (error: unknown): boolean => causeChain(error).some(({ code }) => code === '22021')

/** A unique violation of the named constraint, under postgres.js (`constraint_name`) or PGlite (`constraint`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const violation = causeChain(error).find(({ code }) => code === '23505')
  return violation !== undefined && (violation.constraint_name ?? violation.constraint) === constraint
}

/**
 * Drizzle wraps driver errors in a DrizzleQueryError whose message lists the query's parameters,
 * password hashes and token hashes included. Logs and development details use its cause instead.
 */
export function withoutQueryParameters(error: unknown): unknown {
  return error instanceof DrizzleQueryError ? error.cause : error
}
