import fp from 'fastify-plugin'
import { type AccountService, createAccountService } from '../services/accounts.js'

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService
  }
}

/** Decorates `app.accounts`: the account service (services/accounts.ts) the auth, session and user routes speak for. */
export default fp(
  async (app) => {
    app.decorate(
      'accounts',
      createAccountService({
        db: app.db,
        repos: app.repos,
        passwords: app.passwords,
        tokens: app.tokens,
        loginThrottle: app.loginThrottle,
        registrationThrottle: app.registrationThrottle,
      }),
    )
  },
  { name: 'accounts', dependencies: ['db', 'repositories', 'passwords', 'tokens', 'login-throttle'] },
)
