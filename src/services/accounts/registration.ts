import { conflict, Message } from '../../errors.js'
import type { Actor } from '../actor.js'
import { queueVerificationLink } from './email-verification.js'
import type { AccountDeps } from './index.js'
import { type SignedIn, signIn } from './sign-in.js'

export interface NewAccount {
  name: string
  email: string
  password: string
}

export function registration(deps: AccountDeps) {
  const { db, users, passwords, tokens, events, mailer, registrationThrottle } = deps
  return {
    /**
     * A taken email is the 409 before any hash is made (docs/contract.md, Credentials), so a flood of
     * them costs lookups, not bcrypt; the status already says the email is taken, so answering it sooner
     * tells nothing more. Two registrations racing for one email still meet the unique index: the loser
     * is the same 409. Registrations are throttled per client address.
     */
    register: async (account: NewAccount, actor: Actor, gone?: AbortSignal): Promise<SignedIn> => {
      const user = await registrationThrottle.attempt(actor.throttleKey, async () => {
        if (await users.findByEmail(account.email)) throw conflict(Message.EMAIL_EXISTS)
        const passwordHash = await passwords.hash(account.password, { signal: gone, client: actor.throttleKey })
        // docs/contract.md: the verification link is queued with the account, and registration succeeds
        // unmailed when mail is off.
        return db.transaction(async (tx) => {
          const created = await users.create({ name: account.name, email: account.email, passwordHash }, tx)
          await queueVerificationLink(deps, created, tx)
          return created
        })
      })
      mailer.sent()
      events.account({ type: 'user.registered', userId: user.id }, actor)
      const signedIn = await signIn(tokens, user, actor)
      // Nothing else knows the new account's password yet, so nothing can have moved its version.
      if (!signedIn) throw new Error('a new account could not start its session')
      return signedIn
    },
  }
}
