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
 * reads as exceeded) and `ttl` the milliseconds until the bucket is full again.
 */
class PluginStore implements FastifyRateLimitStore {
  constructor(
    private readonly store: BucketStore,
    private readonly namespace = '',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.store.take(this.namespace + key, { capacity: max, windowMs: timeWindow }).then(
      (outcome) =>
        callback(null, { current: outcome.allowed ? max - outcome.remaining : max + 1, ttl: outcome.resetInMs }),
      (error: Error) => callback(error),
    )
  }

  /** A route with its own limit gets its own buckets. */
  child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
    return new PluginStore(this.store, `${this.namespace}${String(routeOptions.method)} ${routeOptions.url}:`)
  }
}

/** The constructor the plugin's `store` option takes, bound to one bucket store. */
export function pluginStore(store: BucketStore): FastifyRateLimitStoreCtor {
  return class extends PluginStore {
    constructor() {
      super(store)
    }
  }
}
