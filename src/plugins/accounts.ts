import fp from 'fastify-plugin'
import { createUsersRepository, type UsersRepository } from '../db/repositories/users.js'
import { createPasswordHasher, type PasswordHasher } from '../services/passwords.js'
import { createTokenService, type TokenService } from '../services/tokens.js'

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository
    passwords: PasswordHasher
    tokens: TokenService
  }
}

export interface AccountsOptions {
  bcryptCost: number
  hashWorkers: number
  hashQueueMax: number
  accessTtlSeconds: number
  refreshTtlSeconds: number
  refreshReuseIntervalMs: number
  now: () => Date
  /** A hasher to share (tests share one pool across apps); the app then leaves it open. */
  passwords?: PasswordHasher
}

/**
 * The account services the auth and users routes stand on: `app.users` (the users repository),
 * `app.passwords` (bcrypt in worker threads) and `app.tokens` (the refresh-token state machine).
 * Depends on the db and auth plugins.
 */
export default fp<AccountsOptions>(
  async (app, options) => {
    let passwords = options.passwords
    if (!passwords) {
      const own = createPasswordHasher({
        cost: options.bcryptCost,
        workers: options.hashWorkers,
        queueMax: options.hashQueueMax,
      })
      app.addHook('onClose', () => own.close())
      passwords = own
    }
    app.decorate('passwords', passwords)
    app.decorate('users', createUsersRepository(app.db))
    app.decorate(
      'tokens',
      createTokenService({
        db: app.db,
        // iat in the claims, not a per-call option: options would build a new signer for every token.
        sign: (claims, issuedAtMs) => app.jwt.sign({ ...claims, iat: Math.floor(issuedAtMs / 1000) }),
        accessTtlSeconds: options.accessTtlSeconds,
        refreshTtlSeconds: options.refreshTtlSeconds,
        reuseIntervalMs: options.refreshReuseIntervalMs,
        now: options.now,
      }),
    )
  },
  { name: 'accounts', dependencies: ['db', 'auth'] },
)
