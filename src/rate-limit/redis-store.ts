import { Redis, type Result } from 'ioredis'
import type { BucketStore, MarkStore } from './store.js'
import { type Limits, outcome } from './token-bucket.js'

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeToken(key: string, capacity: number, windowMs: number): Result<[number, number], Context>
    giveToken(key: string, capacity: number, windowMs: number): Result<number, Context>
  }
}

/**
 * `take` from token-bucket.ts as one atomic script, so concurrent requests on any instance never
 * share a token. The time is Redis's own (TIME): every instance then refills a bucket by the same
 * clock, and a skewed application host can neither drain nor refill a shared bucket early. A key
 * expires when its bucket would be full again, which is the same as having no key.
 */
const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local full = capacity * window
local level = full
local saved = redis.call('HMGET', KEYS[1], 'level', 'at')
if saved[1] then
  level = math.min(full, tonumber(saved[1]) + math.max(0, now - tonumber(saved[2])) * capacity)
end
if level < window then
  return {0, level}
end
level = level - window
redis.call('HSET', KEYS[1], 'level', level, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((full - level) / capacity))
return {1, level}
`

/** `give` from token-bucket.ts: one token back, never above full; a missing key is a full bucket. */
const GIVE_TOKEN = `
local capacity = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'level', 'at')
if not saved[1] then
  return 0
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local full = capacity * window
local level = math.min(full, tonumber(saved[1]) + math.max(0, now - tonumber(saved[2])) * capacity + window)
redis.call('HSET', KEYS[1], 'level', level, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((full - level) / capacity)))
return 1
`

export interface RedisStoreOptions {
  url: string
  keyPrefix?: string
}

/** A slow Redis must not hold requests for long: past this, the limiter gives up on the request. */
const COMMAND_TIMEOUT_MS = 500
const CONNECT_TIMEOUT_MS = 2000

/**
 * Buckets shared through Redis by every instance. Connects before the app serves; when Redis cannot
 * be reached it keeps trying in the background, and each `take` meanwhile fails at once (no offline
 * queue, no retries that could count a request twice), leaving the caller to decide what a failure means
 * (fallback-store.ts: this instance's memory).
 */
export async function createRedisStore({ url, keyPrefix = 'rate-limit:' }: RedisStoreOptions) {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    keyPrefix,
  })
  redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_TOKEN })
  redis.defineCommand('giveToken', { numberOfKeys: 1, lua: GIVE_TOKEN })

  // The store that wraps this one (fallback-store.ts) tells of an outage, once, when an operation
  // fails; without a listener ioredis would print every reconnection error itself.
  redis.on('error', () => {})

  try {
    await redis.connect()
  } catch {
    // The client goes on reconnecting; until it is back, every operation fails and is answered from memory.
  }

  const store: BucketStore & MarkStore = {
    async take(key: string, limits: Limits) {
      const [allowed, level] = await redis.takeToken(key, limits.capacity, limits.windowMs)
      return outcome(level, allowed === 1, limits)
    },
    async give(key: string, limits: Limits) {
      await redis.giveToken(key, limits.capacity, limits.windowMs)
    },
    async mark(key: string, ttlMs: number) {
      await redis.set(key, '1', 'PX', Math.max(1, Math.round(ttlMs)))
    },
    async has(key: string) {
      return (await redis.exists(key)) === 1
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
      else redis.disconnect()
    },
  }
  return store
}
