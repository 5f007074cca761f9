import { Message, notFound, unauthorized } from '../../errors.js'
import type { Actor } from '../actor.js'
import type { IssuedTokens } from '../tokens.js'
import type { AccountDeps } from './index.js'

export interface PasswordChange {
  userId: number
  /** The caller's session: it goes on, every other one ends. */
  sessionId: string
  currentPassword: string
  newPassword: string
}

export function passwordChange({ db, users, passwords, tokens, loginThrottle, events }: AccountDeps) {
  return {
    /**
     * Changes a password when the current one is right (OWASP ASVS 7.4.3). A wrong current password is
     * the login's 401 after the same bcrypt work, and counts in the login throttle's buckets for the
     * account and address (429 past the limit), so a stolen access token is no unthrottled oracle.
     * The new hash moves the credential version under the user's row lock, and in the same
     * transaction every other session ends while the caller goes on with a fresh pair of the new
     * version. Of two changes verified against the same version, the second is the 401.
     */
    changePassword: async (change: PasswordChange, actor: Actor): Promise<IssuedTokens> => {
      const user = await users.findByIdWithPassword(change.userId)
      if (!user) throw notFound(Message.USER_NOT_FOUND)
      const verified = await loginThrottle.attempt(user.email, actor.throttleKey, async () =>
        (await passwords.verify(change.currentPassword, user.passwordHash, { client: actor.throttleKey }))
          ? user
          : undefined,
      )
      const passwordHash = verified && (await passwords.hash(change.newPassword, { client: actor.throttleKey }))
      const issued =
        passwordHash &&
        (await db.transaction(async (tx) => {
          const version = await users.changePassword(user.id, user.credentialVersion, passwordHash, tx)
          if (version === undefined) return undefined
          return tokens.keepOnlySession(user, version, change.sessionId, actor, tx)
        }))
      if (!issued) {
        events.account(
          { type: 'password.change_failed', userId: user.id, details: { reason: 'wrong_password' } },
          actor,
        )
        events.login({ result: 'failure', reason: 'wrong_password', userId: user.id, via: 'password_change' }, actor)
        throw unauthorized(Message.INVALID_CREDENTIALS)
      }
      events.account({ type: 'password.changed', userId: user.id }, actor)
      return issued
    },
  }
}
