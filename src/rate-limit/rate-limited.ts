import { formatWindow } from '../duration.js'
import { AppError, ErrorCode, Message } from '../errors.js'

/** The `details` of a 429: the spec's `{retry_after, limit, window}`. */
export interface RateLimitedDetails {
  /** Whole seconds until one token is back, at least 1. */
  retry_after: number
  limit: number
  /** Duration text such as `1m`. */
  window: string
}

/**
 * The 429 as an AppError with its Retry-After header: the envelope plugin renders it as the envelope,
 * the todo routes as their plain `{ error, message, retry_after }` (docs/contract.md).
 */
export function rateLimited(retryAfterSeconds: number, limit: number, windowMs: number): AppError {
  const details: RateLimitedDetails = { retry_after: retryAfterSeconds, limit, window: formatWindow(windowMs) }
  return new AppError(ErrorCode.TOO_MANY_REQUESTS, Message.RATE_LIMITED, {
    details,
    headers: { 'retry-after': String(retryAfterSeconds) },
  })
}
