import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Limits, Outcome } from './token-bucket.js'

/** Where the buckets live: this process's memory, or Redis when several instances share one limit. */
export interface BucketStore {
  /** Takes one token from the key's bucket, atomically. */
  take(key: string, limits: Limits): Promise<Outcome>
  /** Puts one token back into the key's bucket, never above full. */
  give(key: string, limits: Limits): Promise<void>
  close(): Promise<void>
}

/** Keys that are remembered for a while: the login throttle's known (account, address) pairs. */
export interface MarkStore {
  mark(key: string, ttlMs: number): Promise<void>
  has(key: string): Promise<boolean>
}

/**
 * Presents a bucket store in @fastify/rate-limit's store protocol, whose `incr` answers with a count
 * and a ttl: `current` is the tokens in use (capacity + 1 once a request is refused, which the plugin
 * reads as exceeded) and `ttl` the milliseconds until the bucket is full again. That answer cannot
 * carry the whole outcome (in a token bucket the wait for the next token is not the wait until full),
 * so the key the plugin passes starts with a ticket of the request's own, and the outcome is left
 * under it for the request's hook to collect: every figure comes from the bucket, computed once.
 */
class PluginStore implements FastifyRateLimitStore {
  constructor(
    private readonly store: BucketStore,
    private readonly outcomes: Map<string, Outcome>,
    private readonly namespace = '',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    const split = key.indexOf(' ')
    const ticket = key.slice(0, split)
    this.store.take(this.namespace + key.slice(split + 1), { capacity: max, windowMs: timeWindow }).then(
      (outcome) => {
        this.outcomes.set(ticket, outcome)
        callback(null, { current: outcome.allowed ? max - outcome.remaining : max + 1, ttl: outcome.resetInMs })
      },
      (error: Error) => callback(error),
    )
  }

  /** A route with its own limit gets its own buckets. */
  child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
    const namespace = `${this.namespace}${String(routeOptions.method)} ${routeOptions.url}:`
    return new PluginStore(this.store, this.outcomes, namespace)
  }
}

/**
 * The plugin's `store` and `keyGenerator` options over one bucket store, and `outcome(request)`, which
 * hands the hook the bucket's outcome of the request the plugin just checked.
 */
export function pluginStore<R extends object>(store: BucketStore, clientKey: (request: R) => string) {
  const outcomes = new Map<string, Outcome>()
  const tickets = new WeakMap<R, string>()
  let issued = 0
  return {
    store: class extends PluginStore {
      constructor() {
        super(store, outcomes)
      }
    } satisfies FastifyRateLimitStoreCtor,
    keyGenerator: (request: R) => {
      const ticket = String(++issued)
      tickets.set(request, ticket)
      return `${ticket} ${clientKey(request)}`
    },
    outcome: (request: R): Outcome | undefined => {
      const ticket = tickets.get(request)
      if (ticket === undefined) return undefined
      const outcome = outcomes.get(ticket)
      outcomes.delete(ticket)
      return outcome
    },
  }
}
