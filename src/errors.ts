import type { ErrorObject } from 'ajv'
import { EmailTakenError, isDatabaseUnavailable, isUnstorableText } from './db/errors.js'
import { validationDetails } from './validation.js'

/** The error catalogue: every code the API answers with, its status, and the spec's fixed messages. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INVALID_TOKEN: 'INVALID_TOKEN',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  INVALID_TOKEN: 400,
}

export const Message = {
  VALIDATION_FAILED: 'Validation failed',
  INVALID_FORMAT: 'Invalid request data format',
  INVALID_CREDENTIALS: 'Invalid email or password',
  INVALID_REFRESH_TOKEN: 'Invalid or expired refresh token',
  EMAIL_EXISTS: 'Email already exists',
  FORBIDDEN_USER_ID: 'Forbidden user ID',
  USER_NOT_FOUND: 'User not found',
  INVALID_USER_ID: 'Invalid user ID',
  INVALID_SESSION_ID: 'Invalid session ID',
  SESSION_NOT_FOUND: 'Session not found',
  INSUFFICIENT_PERMISSIONS: 'Insufficient permissions',
  UNAUTHORIZED: 'Authentication required',
  INVALID_TOKEN: 'Invalid or expired access token',
  ROUTE_NOT_FOUND: 'Route not found',
  REQUEST_TIMEOUT: 'The request was not received in time',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  RATE_LIMITED: 'Rate limit exceeded',
  INTERNAL: 'Internal server error',
  UNAVAILABLE: 'Service temporarily unavailable',
  MFA_NOT_CONFIGURED: 'Two-factor authentication is not configured: the server has no MFA_ENCRYPTION_KEY',
  MFA_KEY_MISMATCH:
    'Two-factor authentication is misconfigured: MFA_ENCRYPTION_KEY (or MFA_ENCRYPTION_KEY_PREVIOUS) does not open this secret',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on',
  TOTP_NOT_ENABLED: 'Two-factor authentication is not on',
  NO_TOTP_ENROLMENT: 'No two-factor enrolment is in progress',
  INVALID_MFA_CODE: 'Invalid authentication code',
  INVALID_MFA_TOKEN: 'Invalid or expired MFA token',
  PASSKEY_REGISTRATION_FAILED: 'Passkey registration failed',
  PASSKEY_SIGN_IN_FAILED: 'Passkey sign-in failed',
  PASSKEY_EXISTS: 'Passkey already registered',
  PASSKEY_NOT_FOUND: 'Passkey not found',
  PASSKEY_LIMIT: 'Passkey limit reached: delete one to add another',
  INVALID_PASSKEY_ID: 'Invalid passkey ID',
  INVALID_LINK_TOKEN: 'Invalid or expired token',
  MAIL_NOT_CONFIGURED: 'Email delivery is not configured',
  EMAIL_NOT_VERIFIED: 'Email address not verified',
} as const

/** docs/contract.md: the todo routes' own error messages, in their plain `{ error }` bodies. */
export const TodoMessage = {
  INVALID_ID: 'invalid todo ID',
  NOT_FOUND: 'todo not found',
  FORBIDDEN: 'forbidden',
  UNAUTHORIZED: 'unauthorized',
  RATE_LIMITED: 'rate limit exceeded',
  INTERNAL: 'internal server error',
} as const

export interface AppErrorOptions {
  /** The envelope's `error.details`. */
  details?: unknown
  /** Extra response headers, such as WWW-Authenticate on a 401. */
  headers?: Record<string, string>
  /** For the log only: callers see the message (a refused refresh never says why). */
  logFields?: Record<string, unknown>
  /** Turned away on purpose to shed load (a 503): the request's log line is a warn, without a stack. */
  shed?: boolean
}

export class AppError extends Error {
  readonly statusCode: number
  readonly details?: unknown
  readonly headers?: Record<string, string>
  readonly logFields?: Record<string, unknown>
  readonly shed: boolean
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = STATUS[code]
    this.details = options.details
    this.headers = options.headers
    this.logFields = options.logFields
    this.shed = options.shed ?? false
  }
}

export const validationFailed = (details: Record<string, string>) =>
  new AppError(ErrorCode.VALIDATION_ERROR, Message.VALIDATION_FAILED, { details })
export const invalidFormat = () => new AppError(ErrorCode.VALIDATION_ERROR, Message.INVALID_FORMAT)
export const badRequest = (message: string) => new AppError(ErrorCode.VALIDATION_ERROR, message)
export const unauthorized = (message: string = Message.UNAUTHORIZED, headers?: Record<string, string>) =>
  new AppError(ErrorCode.UNAUTHORIZED, message, { headers })
export const forbidden = (message: string) => new AppError(ErrorCode.FORBIDDEN, message)
export const notFound = (message: string) => new AppError(ErrorCode.NOT_FOUND, message)
export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message)
export const unavailable = (message: string) => new AppError(ErrorCode.SERVICE_UNAVAILABLE, message)
/** An emailed reset or verification token that is unknown, used or expired: one answer for all three. */
export const invalidLinkToken = () => new AppError(ErrorCode.INVALID_TOKEN, Message.INVALID_LINK_TOKEN)

interface ForeignError {
  code?: unknown
  statusCode?: unknown
  validation?: ErrorObject[]
  validationContext?: string
  cause?: unknown
}

/**
 * The one place that knows foreign error shapes (Ajv validation, body parsing, @fastify/jwt, driver
 * errors) and maps each to our code, status and message. Anything unknown is an internal error.
 * `invalidParamsMessage` is the route's message for a bad path id (`Invalid user ID`).
 */
export function toAppError(error: unknown, invalidParamsMessage: string = Message.INVALID_FORMAT): AppError {
  if (error instanceof AppError) return error
  const foreign = (error ?? {}) as ForeignError
  const code = typeof foreign.code === 'string' ? foreign.code : ''

  if (foreign.validation) {
    if (foreign.validationContext === 'params') return badRequest(invalidParamsMessage)
    const details = validationDetails(foreign.validation)
    return details ? validationFailed(details) : invalidFormat()
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, Message.PAYLOAD_TOO_LARGE)
  if (error instanceof EmailTakenError) return conflict(Message.EMAIL_EXISTS)
  if (isDatabaseUnavailable(error)) return new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE)
  if (isUnstorableText(error)) return invalidFormat()

  const status = typeof foreign.statusCode === 'number' ? foreign.statusCode : 500
  // Malformed JSON, an empty or wrongly typed body, a bad Content-Length: all the caller's format.
  if (status === 400 || status === 414 || status === 415 || code.startsWith('FST_ERR_CTP_')) return invalidFormat()
  // The documentation's static files refuse some paths (a NUL byte) with a 403 of their own: to the
  // caller that is a file that does not exist.
  if (status === 404 || code === 'FST_STATIC_FORBIDDEN_PATH') return notFound(Message.ROUTE_NOT_FOUND)
  return new AppError(ErrorCode.INTERNAL_ERROR, Message.INTERNAL)
}
