import fp from 'fastify-plugin'
import type { Config } from '../config.js'

export interface RateLimitOptions {
  settings: Config['rateLimit']
}

/** The token-bucket rate limiter. (Being built.) */
export default fp<RateLimitOptions>(async () => {}, { name: 'rate-limit' })
