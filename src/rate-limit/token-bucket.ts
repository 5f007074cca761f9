/**
 * Token-bucket arithmetic, pure: the caller passes the time, so tests move a clock instead of sleeping.
 *
 * docs/contract.md: capacity `capacity` tokens, refilled evenly (continuously) over `windowMs`, one token
 * per request. The content is counted in token-milliseconds (one token is `windowMs` units, each
 * millisecond adds `capacity` units), so with whole-millisecond times every quantity stays a whole
 * number and no refill boundary is missed by a rounding error. The Redis script repeats `take`.
 */

export interface Limits {
  capacity: number
  windowMs: number
}

/** A bucket's saved state: its content (token-milliseconds) at time `at` (Unix milliseconds). */
export interface Bucket {
  level: number
  at: number
}

/** One request's answer from the bucket, in the terms the response headers need. */
export interface Outcome {
  allowed: boolean
  /** Whole tokens left after this request. */
  remaining: number
  /** Milliseconds until the bucket is full again. */
  resetInMs: number
  /** Milliseconds until one token is back; 0 when the request was allowed. */
  retryAfterMs: number
}

export const fullLevel = ({ capacity, windowMs }: Limits) => capacity * windowMs

/** Refills a saved bucket up to `now` (a missing one is full) and takes one token if there is one. */
export function take(saved: Bucket | undefined, now: number, limits: Limits): { bucket: Bucket; allowed: boolean } {
  const full = fullLevel(limits)
  // A clock that steps back refills nothing rather than draining the bucket.
  const level = saved ? Math.min(full, saved.level + Math.max(0, now - saved.at) * limits.capacity) : full
  const allowed = level >= limits.windowMs
  return { bucket: { level: allowed ? level - limits.windowMs : level, at: now }, allowed }
}

/**
 * Puts one token back (never above full): for a login throttle, whose token is taken before the
 * password is checked, so concurrent guesses cannot overshoot, and returned when the login succeeds.
 */
export function give(saved: Bucket | undefined, now: number, limits: Limits): Bucket {
  const full = fullLevel(limits)
  if (!saved) return { level: full, at: now }
  const level = Math.min(full, saved.level + Math.max(0, now - saved.at) * limits.capacity + limits.windowMs)
  return { level, at: now }
}

/** Describes the bucket's content after a take. */
export function outcome(level: number, allowed: boolean, limits: Limits): Outcome {
  const { capacity, windowMs } = limits
  return {
    allowed,
    remaining: Math.floor(level / windowMs),
    resetInMs: (fullLevel(limits) - level) / capacity,
    retryAfterMs: allowed ? 0 : (windowMs - level) / capacity,
  }
}

/**
 * Milliseconds to whole seconds, rounded up. Float noise below a microsecond (from the divisions
 * in `outcome`) must not add a second, so the value is first rounded to the microsecond.
 */
export function secondsUp(ms: number): number {
  return Math.ceil(Math.round(ms * 1000) / 1_000_000)
}
