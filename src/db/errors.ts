/** Recognisers for the database drivers' error shapes (postgres.js and PGlite differ in places). */
import { DrizzleQueryError } from 'drizzle-orm/errors'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  // A write to a connection the server has just closed (a killed backend, a restarting pooler).
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // docs/contract.md: the server refusing the connection while it is being made is no connection either.
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '3D000', // invalid_catalog_name: the database does not exist (dropped while running)
  '28000', // invalid_authorization_specification: no pg_hba.conf entry, role not allowed
  '28P01', // invalid_password: failed authentication
  '53300', // too_many_connections
  '57P03', // cannot_connect_now: starting up, shutting down, or in recovery without hot standby
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

/**
 * True when the error (or its cause) says no connection to the database could be made: it could not be
 * reached, or the server refused the connection while it was being made.
 */
export const isConnectionFailure = (error: unknown): boolean =>
  causeChain(error).some(
    ({ code, message }) => (typeof code === 'string' && CONNECTION_CODES.has(code)) || message === 'PGlite is closed',
  )

/**
 * SQLSTATEs of a database that is there but cannot do the work now: read-only (a standby, 25006),
 * shutting down or restarting (57P01 to 57P03, as a failover does), cancelled by statement_timeout or
 * lock_timeout (57014, 55P03), out of connections (53300); and our own refusals of a request already
 * answered at its deadline and of a commit answered ROLLBACK.
 */
const UNAVAILABLE_CODES = new Set([
  '25006',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '55P03',
  '53300',
  'REQUEST_EXPIRED',
  'COMMIT_FAILED',
])

/** True when the database cannot serve the request now (an outage, not a bug): a 503. */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  isConnectionFailure(error) ||
  causeChain(error).some(
    ({ code }) => typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')),
  )

/** The server answers but takes no writes: a standby, or default_transaction_read_only. */
export const isReadOnly = (error: unknown): boolean => causeChain(error).some(({ code }) => code === '25006')

/**
 * Text PostgreSQL cannot store or compare: a NUL character (SQLSTATE 22021, under both drivers).
 * It is the caller's input, not a server fault.
 */
export const isUnstorableText = (error: unknown): boolean => causeChain(error).some(({ code }) => code === '22021')

/** A unique violation of the named constraint, under postgres.js (`constraint_name`) or PGlite (`constraint`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const violation = causeChain(error).find(({ code }) => code === '23505')
  return violation !== undefined && (violation.constraint_name ?? violation.constraint) === constraint
}

/** A live user already holds the email (in any case): the users repository's word for its unique index. */
export class EmailTakenError extends Error {
  constructor(options?: { cause: unknown }) {
    super('a live user already holds the email', options)
    this.name = 'EmailTakenError'
  }
}

/** Runs a write that stores an email, telling a taken one by EmailTakenError. */
export async function claimingEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_live_unique')) throw new EmailTakenError({ cause: error })
    throw error
  }
}

/**
 * Drizzle wraps driver errors in a DrizzleQueryError whose message lists the query's parameters,
 * password hashes and token hashes included. Logs and development details use its cause instead.
 */
export function withoutQueryParameters(error: unknown): unknown {
  return error instanceof DrizzleQueryError ? error.cause : error
}
