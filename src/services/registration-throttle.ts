import type { Config } from '../config.js'
import { EmailTakenError } from '../db/errors.js'
import { AppError, ErrorCode } from '../errors.js'
import { rateLimited } from '../rate-limit/rate-limited.js'
import type { BucketStore } from '../rate-limit/store.js'
import { type Limits, secondsUp } from '../rate-limit/token-bucket.js'
import { digest } from './login-throttle.js'

export interface RegistrationThrottle {
  /**
   * Runs one registration under the throttle. Throws the 429 when the address is held back; then
   * `register` does not run at all, so a held-back attempt costs neither a lookup nor a hash.
   */
  attempt<T>(address: string, register: () => Promise<T>): Promise<T>
}

export interface RegistrationThrottleOptions {
  /** The login throttle's settings: registrations are counted per address with the address limits. */
  settings: Config['loginThrottle']
  store: BucketStore
}

/**
 * docs/contract.md ("Credentials"): registration is throttled per address like logins. Every registration
 * that reached the email check counts (a taken email is the enumeration a flood of them would make, and
 * a new account costs a full hash); one that never got that far (the request went away, the hash queue
 * refused it, the database failed) gives its token back. Off with LOGIN_THROTTLE_ENABLED=false.
 */
export function createRegistrationThrottle({ settings, store }: RegistrationThrottleOptions): RegistrationThrottle {
  const limits: Limits = { capacity: settings.address.failures, windowMs: Math.round(settings.address.windowMs) }
  return {
    async attempt<T>(address: string, register: () => Promise<T>) {
      if (!settings.enabled) return register()
      // Keys carry digests, not addresses, like the login throttle's.
      const key = `register:${digest(address)}`
      const outcome = await store.take(key, limits)
      if (!outcome.allowed)
        throw rateLimited(Math.max(1, secondsUp(outcome.retryAfterMs)), limits.capacity, limits.windowMs)
      try {
        return await register()
      } catch (error) {
        const taken =
          error instanceof EmailTakenError || (error instanceof AppError && error.code === ErrorCode.CONFLICT)
        if (!taken) await store.give(key, limits)
        throw error
      }
    },
  }
}
