import { createHash } from 'node:crypto'
import type { Config } from '../config.js'
import { rateLimited } from '../rate-limit/rate-limited.js'
import type { BucketStore, MarkStore } from '../rate-limit/store.js'
import { type Limits, secondsUp } from '../rate-limit/token-bucket.js'

export interface LoginThrottle {
  /**
   * Runs one password check under the throttle. `check` answers the account on success and undefined
   * on a wrong password (or unknown email). Throws the 429 when the attempt is held back; then `check`
   * does not run at all, so a held-back guess costs no bcrypt work.
   */
  attempt<T>(email: string, address: string, check: () => Promise<T | undefined>): Promise<T | undefined>
}

export interface LoginThrottleOptions {
  settings: Config['loginThrottle']
  store: BucketStore & MarkStore
}

/** The email as login matches it (case and surrounding space ignored), so `A@x` and `a@x ` share a count. */
const normalise = (email: string) => email.trim().toLowerCase()
/** Keys carry digests, not emails: a shared Redis holds no list of the accounts being attacked. */
export const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url')

/**
 * Throttles password guessing without letting anyone lock an account (NIST SP 800-63B 5.2.2).
 *
 * Failed logins are counted in token buckets: one per account (the normalised email, known or not, so
 * a 429 says nothing about whether the account exists) and one per client address. A token is taken
 * before the password is checked, so concurrent guesses cannot overshoot the limit, and given back when
 * the login succeeds, or when the check never happened (the request went away, the hash queue was
 * full): only failures stay counted.
 *
 * An address that has logged in to an account before is remembered for that account (no cookie, no
 * device id: the (account, address) pair). Its attempts count in a bucket of their own instead of the
 * account's and the address's, so an attacker who exhausts an account's bucket from elsewhere does
 * not keep its owner out, and guessing from the owner's own address is still capped.
 *
 * The counts live in memory, or in Redis when REDIS_URL is set so every instance shares them; while
 * Redis is unreachable, in this instance's memory (fallback-store.ts).
 */
export function createLoginThrottle({ settings, store }: LoginThrottleOptions): LoginThrottle {
  const account: Limits = { capacity: settings.account.failures, windowMs: Math.round(settings.account.windowMs) }
  const address: Limits = { capacity: settings.address.failures, windowMs: Math.round(settings.address.windowMs) }

  const giveBack = async (taken: [string, Limits][]) => {
    await Promise.all(taken.map(([key, limits]) => store.give(key, limits)))
  }

  return {
    async attempt<T>(email: string, clientAddress: string, check: () => Promise<T | undefined>) {
      if (!settings.enabled) return check()
      const who = normalise(email)
      const pair = `pair:${digest(who, clientAddress)}`
      const known = await store.has(pair)
      const buckets: [string, Limits][] = known
        ? [[pair, account]]
        : [
            [`address:${digest(clientAddress)}`, address],
            [`account:${digest(who)}`, account],
          ]

      const taken: [string, Limits][] = []
      for (const [key, limits] of buckets) {
        const outcome = await store.take(key, limits)
        if (!outcome.allowed) {
          await giveBack(taken)
          throw rateLimited(Math.max(1, secondsUp(outcome.retryAfterMs)), limits.capacity, limits.windowMs)
        }
        taken.push([key, limits])
      }

      let result: T | undefined
      try {
        result = await check()
      } catch (error) {
        await giveBack(taken)
        throw error
      }
      if (result !== undefined) {
        await giveBack(taken)
        await store.mark(pair, settings.knownAddressTtlMs)
      }
      return result
    },
  }
}
