import type { BucketStore } from './store.js'
import { type Bucket, type Limits, outcome, take } from './token-bucket.js'

export interface MemoryStoreOptions {
  /** Unix milliseconds; injectable so tests move time instead of sleeping. */
  now: () => number
  /** decisions.md: 5,000 keys; the least recently used goes first. */
  maxKeys?: number
  /** decisions.md: a key unused for 6 hours is dropped. */
  idleMs?: number
}

export const MAX_KEYS = 5000
export const IDLE_MS = 6 * 60 * 60 * 1000

/**
 * Buckets in this process's memory. A Map keeps insertion order, so re-inserting a key on every use
 * keeps the least recently used key first: eviction and idle expiry both only ever look at the front.
 */
export function createMemoryStore({ now, maxKeys = MAX_KEYS, idleMs = IDLE_MS }: MemoryStoreOptions) {
  const buckets = new Map<string, Bucket>()

  const dropIdle = (time: number) => {
    for (const [key, bucket] of buckets) {
      if (time - bucket.at < idleMs) break
      buckets.delete(key)
    }
  }

  const store: BucketStore & { readonly size: number } = {
    async take(key: string, limits: Limits) {
      const time = now()
      dropIdle(time)
      const saved = buckets.get(key)
      buckets.delete(key)
      const { bucket, allowed } = take(saved, time, limits)
      buckets.set(key, bucket)
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string)
      return outcome(bucket.level, allowed, limits)
    },
    async close() {
      buckets.clear()
    },
    get size() {
      return buckets.size
    },
  }
  return store
}
