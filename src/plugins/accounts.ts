import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { forbidden, Message } from '../errors.js'
import { type AccountService, createAccountService } from '../services/accounts/index.js'
import type { Guard } from './auth.js'

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService
    /**
     * onRequest hook (after authenticate) for administrator-only routes: the token must carry `admin`
     * (403 before any lookup otherwise), and so must the caller's stored record (docs/contract.md: a deleted
     * or demoted administrator is refused at once, whatever its token says).
     */
    requireAdmin: Guard
  }
}

/**
 * Decorates `app.accounts`: the account service (services/accounts.ts) the auth, session and user routes
 * speak for, and the `requireAdmin` guard that asks it.
 */
export default fp<{ now: () => Date; settings: Config['mail'] }>(
  async (app, { now, settings }) => {
    const accounts = createAccountService({
      db: app.db,
      users: app.repos.users,
      todos: app.repos.todos,
      accountTokens: app.repos.accountTokens,
      passwords: app.passwords,
      tokens: app.tokens,
      loginThrottle: app.loginThrottle,
      events: app.securityEvents,
      mailer: app.mailer,
      settings,
      now,
    })
    app.decorate('accounts', accounts)
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user?.roles?.includes('admin')) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
      await accounts.assertAdmin(request.user.user_id)
    })
  },
  {
    name: 'accounts',
    dependencies: ['db', 'repositories', 'passwords', 'tokens', 'login-throttle', 'security-events', 'mail'],
  },
)
