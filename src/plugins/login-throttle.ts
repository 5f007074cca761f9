import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { withFallback } from '../rate-limit/fallback-store.js'
import { createMemoryMarks, createMemoryStore } from '../rate-limit/memory-store.js'
import type { BucketStore, MarkStore } from '../rate-limit/store.js'
import { createLoginThrottle, type LoginThrottle } from '../services/login-throttle.js'
import { createRegistrationThrottle, type RegistrationThrottle } from '../services/registration-throttle.js'

declare module 'fastify' {
  interface FastifyInstance {
    loginThrottle: LoginThrottle
    registrationThrottle: RegistrationThrottle
  }
}

export interface LoginThrottlePluginOptions {
  settings: Config['loginThrottle']
  redisUrl: string | undefined
  /** Unix milliseconds; tests move a clock instead of sleeping. */
  now: () => number
}

/**
 * More keys than the rate limiter keeps: an attacker who could push an account's count out of memory
 * by failing against many others would reset it.
 */
const MAX_KEYS = 100_000

/**
 * Decorates `app.loginThrottle` (services/login-throttle.ts) and `app.registrationThrottle`
 * (services/registration-throttle.ts), their counts in memory or in Redis, falling back to memory while
 * Redis is unreachable.
 */
export default fp<LoginThrottlePluginOptions>(
  async (app, { settings, redisUrl, now }) => {
    const buckets = createMemoryStore({ now, maxKeys: MAX_KEYS })
    const local: BucketStore & MarkStore = { ...buckets, ...createMemoryMarks({ now, maxKeys: MAX_KEYS }) }
    let store = local
    if (settings.enabled && redisUrl) {
      const { createRedisStore } = await import('../rate-limit/redis-store.js')
      const shared = await createRedisStore({ url: redisUrl, keyPrefix: 'login-throttle:' })
      store = withFallback({
        name: 'login_throttle',
        shared,
        local,
        log: app.log,
        onSwitch: (active) => app.securityEvents.limitStoreFallback({ store: 'login_throttle', active }),
      })
    }
    app.addHook('onClose', () => store.close())
    app.decorate('loginThrottle', createLoginThrottle({ settings, store }))
    app.decorate('registrationThrottle', createRegistrationThrottle({ settings, store }))
  },
  { name: 'login-throttle' },
)
