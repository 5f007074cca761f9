import type { BucketStore, MarkStore } from './store.js'
import { type Bucket, give, type Limits, outcome, take } from './token-bucket.js'

export interface MemoryStoreOptions {
  /** Unix milliseconds; injectable so tests move time instead of sleeping. */
  now: () => number
  /** docs/contract.md: 5,000 keys; the least recently used goes first. */
  maxKeys?: number
  /** docs/contract.md: a key unused for 6 hours is dropped. */
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
    async give(key: string, limits: Limits) {
      const saved = buckets.get(key)
      if (!saved) return // a bucket that is not kept is full
      buckets.delete(key)
      buckets.set(key, give(saved, now(), limits))
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

/**
 * Marks in this process's memory, each until its own expiry. The least recently marked goes first when
 * there are `maxKeys`.
 */
export function createMemoryMarks({ now, maxKeys }: { now: () => number; maxKeys: number }): MarkStore & {
  readonly size: number
} {
  const expiries = new Map<string, number>()
  return {
    async mark(key, ttlMs) {
      expiries.delete(key)
      expiries.set(key, now() + ttlMs)
      if (expiries.size > maxKeys) expiries.delete(expiries.keys().next().value as string)
    },
    async has(key) {
      const expiry = expiries.get(key)
      if (expiry === undefined) return false
      if (expiry > now()) return true
      expiries.delete(key)
      return false
    },
    get size() {
      return expiries.size
    },
  }
}
