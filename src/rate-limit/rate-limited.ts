import { formatDuration } from '../duration.js'
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
 * the todo routes as their plain `{ error, message, retry_after }` (decisions.md).
 */
export function rateLimited(retryAfterSeconds: number, limit: number, windowMs: number): AppError {
  const details: RateLimitedDetails = { retry_after: retryAfterSeconds, limit, window: windowText(windowMs) }
  return new AppError(ErrorCode.TOO_MANY_REQUESTS, Message.RATE_LIMITED, {
    details,
    headers: { 'retry-after': String(retryAfterSeconds) },
  })
}

const UNITS: [number, string][] = [
  [3_600_000, 'h'],
  [60_000, 'm'],
  [1000, 's'],
]

/**
 * The window as it is written in the settings (`30s`, `1m`, `1h30m`): Go's duration text without
 * its zero parts, which Go would print (`1m0s`). Windows that are not whole seconds keep Go's form.
 */
export function windowText(ms: number): string {
  if (ms < 1000 || ms % 1000 !== 0) return formatDuration(ms)
  let rest = ms
  let text = ''
  for (const [size, unit] of UNITS) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) text += `${count}${unit}`
  }
  return text
}
