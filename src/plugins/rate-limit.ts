import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { clientKey } from '../rate-limit/client-key.js'
import { withFallback } from '../rate-limit/fallback-store.js'
import { createMemoryMarks, createMemoryStore, MAX_KEYS } from '../rate-limit/memory-store.js'
import { rateLimited } from '../rate-limit/rate-limited.js'
import { pluginStore } from '../rate-limit/store.js'
import { type Limits, secondsUp } from '../rate-limit/token-bucket.js'

export interface RateLimitOptions {
  settings: Config['rateLimit']
  /** Unix milliseconds, Date.now by default; tests inject a clock to move time without sleeping. */
  now?: () => number
}

/**
 * The token-bucket rate limiter (docs/contract.md), off unless enabled: one bucket per client key, in
 * memory or shared through Redis when REDIS_URL is set (this instance's memory while Redis is
 * unreachable). @fastify/rate-limit keys the request and
 * drives the store; its own fixed-window counting is replaced by a token-bucket store, and the hook
 * below writes the headers (X-RateLimit-Reset in Unix seconds) and raises the 429 as an AppError, so
 * the envelope plugin, or the todo routes' plain handler, shapes the body.
 * Routes opt out with `config: { rateLimit: false }` (health probes and documentation).
 */
export default fp<RateLimitOptions>(
  async (app, { settings, now = Date.now }) => {
    if (!settings.enabled) return

    // Buckets count whole milliseconds: a sub-millisecond window is no rate limit worth keeping exact.
    const limits: Limits = { capacity: settings.requests, windowMs: Math.max(1, Math.round(settings.windowMs)) }
    const local = createMemoryStore({ now })
    const store = settings.redisUrl
      ? withFallback({
          name: 'rate_limit',
          // Loaded only when used: the Redis client is a noticeable part of start-up.
          shared: await (await import('../rate-limit/redis-store.js')).createRedisStore({ url: settings.redisUrl }),
          // The limiter marks nothing; the fallback's protocol has room for the login throttle's marks.
          local: { ...local, ...createMemoryMarks({ now, maxKeys: MAX_KEYS }) },
          log: app.log,
          onSwitch: (active) => app.securityEvents.limitStoreFallback({ store: 'rate_limit', active }),
        })
      : local
    app.addHook('onClose', () => store.close())

    // Not the plugin's per-route hooks (global: false): one root onRequest hook runs before every
    // route's own hooks, so requests refused by authentication and unknown routes count too.
    const buckets = pluginStore<FastifyRequest>(store, clientKey)
    await app.register(rateLimit, {
      global: false,
      max: limits.capacity,
      timeWindow: limits.windowMs,
      store: buckets.store,
      keyGenerator: buckets.keyGenerator,
    })
    const check = app.createRateLimit()

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.rateLimit === false) return

      // A store that fails falls back to this instance's memory (fallback-store.ts): the limit never
      // turns off, and an error here is a fault like any other.
      await check(request)
      const outcome = buckets.outcome(request)
      if (!outcome) return

      // The clock is read after the store answered, so a reset is never announced before it happens.
      reply.headers({
        'x-ratelimit-limit': limits.capacity,
        'x-ratelimit-remaining': outcome.remaining,
        'x-ratelimit-reset': secondsUp(now() + outcome.resetInMs),
      })
      if (!outcome.allowed)
        throw rateLimited(Math.max(1, secondsUp(outcome.retryAfterMs)), limits.capacity, limits.windowMs)
    })
  },
  { name: 'rate-limit' },
)
