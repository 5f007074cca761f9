import type { BucketStore, MarkStore } from './store.js'

export interface FallbackStoreOptions {
  /** Which limit this is, for the log and the metric: `rate_limit` or `login_throttle`. */
  name: 'rate_limit' | 'login_throttle'
  /** The shared store (Redis). */
  shared: BucketStore & MarkStore
  /** This instance's memory, used while the shared store fails. */
  local: BucketStore & MarkStore
  log: { warn(fields: object, message: string): void; info(fields: object, message: string): void }
  /** Told when this instance starts counting in memory (`true`) and when the shared store is back. */
  onSwitch: (active: boolean) => void
}

/**
 * docs/contract.md ("Credentials"): a Redis that is set but unreachable must not turn the limits off. Every
 * operation goes to the shared store first and, when that fails, to this instance's memory buckets, so
 * the limit still holds per instance. An unreachable Redis fails at once (no offline queue), so trying it
 * on each request costs nothing, and the first success after an outage is the way back. The switch is
 * told once each way in the log and to `onSwitch`, for the metrics.
 */
export function withFallback({ name, shared, local, log, onSwitch }: FallbackStoreOptions): BucketStore & MarkStore {
  let failing = false
  const run = async <T>(operation: (store: BucketStore & MarkStore) => Promise<T>): Promise<T> => {
    let result: T
    try {
      result = await operation(shared)
    } catch (error) {
      if (!failing) {
        failing = true
        const err = error instanceof Error ? { type: error.name, message: error.message } : { type: typeof error }
        log.warn({ store: name, err }, `${name} store unreachable; counting in this instance's memory until it is back`)
        onSwitch(true)
      }
      return operation(local)
    }
    if (failing) {
      failing = false
      log.info({ store: name }, `${name} store reachable again; counting there`)
      onSwitch(false)
    }
    return result
  }
  return {
    take: (key, limits) => run((store) => store.take(key, limits)),
    give: (key, limits) => run((store) => store.give(key, limits)),
    mark: (key, ttlMs) => run((store) => store.mark(key, ttlMs)),
    has: (key) => run((store) => store.has(key)),
    close: async () => {
      await Promise.all([shared.close(), local.close()])
    },
  }
}
