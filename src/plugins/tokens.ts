import fp from 'fastify-plugin'
import { createTokenService, type TokenService } from '../services/tokens.js'

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
  }
}

export interface TokensOptions {
  accessTtlSeconds: number
  refreshTtlSeconds: number
  refreshReuseIntervalMs: number
  now: () => Date
}

/** Decorates `app.tokens`: the refresh-token state machine (services/tokens.ts), signing with the auth plugin's keys. */
export default fp<TokensOptions>(
  async (app, options) => {
    app.decorate(
      'tokens',
      createTokenService({
        tokens: app.repos.refreshTokens,
        // iat in the claims, not a per-call option: options would build a new signer for every token.
        sign: (claims, issuedAtMs) => app.jwt.sign({ ...claims, iat: Math.floor(issuedAtMs / 1000) }),
        accessTtlSeconds: options.accessTtlSeconds,
        refreshTtlSeconds: options.refreshTtlSeconds,
        reuseIntervalMs: options.refreshReuseIntervalMs,
        now: options.now,
        events: app.securityEvents,
      }),
    )
  },
  { name: 'tokens', dependencies: ['repositories', 'auth', 'security-events'] },
)
