import type { UserWithPassword } from '../../db/repositories/users.js'
import { forbidden, Message, unauthorized } from '../../errors.js'
import type { Actor } from '../actor.js'
import type { AccountDeps } from './index.js'
import { type LoginResult, needsSecondFactor, startSecondFactor } from './mfa-login.js'
import { signIn } from './sign-in.js'

export interface Credentials {
  email: string
  password: string
}

export function login(deps: AccountDeps) {
  const { users, passwords, tokens, loginThrottle, events, settings } = deps
  return {
    /**
     * The same 401 after the same bcrypt work for an unknown email and a wrong password: verify()
     * compares against a dummy hash when there is no user. The session is stored only if the password
     * verified is still the current one (docs/contract.md, Credentials): a login that raced a password
     * change gets the same 401, and counts as a failure. A stored hash of another cost is replaced, but
     * only the hash that was verified. With TOTP on (docs/contract.md, Second factor), the right
     * password starts no session: it answers an `mfa_token` for the second step instead.
     */
    login: async ({ email, password }: Credentials, actor: Actor, gone?: AbortSignal): Promise<LoginResult> => {
      let found: UserWithPassword | undefined
      const signedIn = await loginThrottle.attempt(email, actor.throttleKey, async () => {
        found = await users.findByEmailWithPassword(email)
        const verified = await passwords.verify(password, found?.passwordHash, {
          signal: gone,
          client: actor.throttleKey,
        })
        if (!verified || !found) return undefined
        // EMAIL_VERIFICATION=required: the right password of an unverified account is no failed guess
        // (the throttle gives its count back), but it starts no session.
        if (settings.verification === 'required' && !found.emailVerified) throw forbidden(Message.EMAIL_NOT_VERIFIED)
        return (await startSecondFactor(deps, found)) ?? signIn(tokens, found, actor)
      })
      if (!signedIn) {
        const reason = found ? 'wrong_password' : 'unknown_email'
        events.login({ result: 'failure', reason, userId: found?.id, email }, actor)
        throw unauthorized(Message.INVALID_CREDENTIALS)
      }
      if (needsSecondFactor(signedIn)) events.account({ type: 'login.mfa_required', userId: found?.id ?? null }, actor)
      else events.login({ result: 'success', userId: signedIn.user.id }, actor)
      if (found && passwords.needsRehash(found.passwordHash))
        await users.rehashPassword(found, await passwords.hash(password, { signal: gone, client: actor.throttleKey }))
      return signedIn
    },
  }
}
