import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { forbidden, Message } from '../errors.js'
import { type AccountService, createAccountService } from '../services/accounts/index.js'
import { createSecretBox } from '../services/secret-box.js'
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
export interface AccountsOptions {
  now: () => Date
  mfa: Config['mfa']
  mail: Config['mail']
  webauthn: Config['webauthn']
}

export default fp<AccountsOptions>(
  async (app, { now, mfa, mail, webauthn }) => {
    if (!mfa.encryptionKey)
      app.log.warn(
        'MFA_ENCRYPTION_KEY is not set: two-factor enrolment answers 503 until it is (a key of 32 or more characters, not JWT_SECRET)',
      )
    const accounts = createAccountService({
      db: app.db,
      users: app.repos.users,
      todos: app.repos.todos,
      accountTokens: app.repos.accountTokens,
      passwords: app.passwords,
      tokens: app.tokens,
      loginThrottle: app.loginThrottle,
      registrationThrottle: app.registrationThrottle,
      events: app.securityEvents,
      secondFactor: app.repos.secondFactor,
      passkeys: app.repos.passkeys,
      relyingParty: { id: webauthn.rpId, name: webauthn.rpName, origins: webauthn.origins },
      secretBox: mfa.encryptionKey ? createSecretBox(mfa.encryptionKey, mfa.previousEncryptionKey) : undefined,
      mfaIssuer: mfa.issuer,
      mailer: app.mailer,
      settings: mail,
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
