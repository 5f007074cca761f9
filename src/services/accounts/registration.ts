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
  const { db, users, passwords, tokens, events, mailer } = deps
  return {
    register: async (account: NewAccount, actor: Actor, gone?: AbortSignal): Promise<SignedIn> => {
      const passwordHash = await passwords.hash(account.password, gone)
      // docs/contract.md: the verification link is queued with the account, and registration succeeds
      // unmailed when mail is off.
      const user = await db.transaction(async (tx) => {
        const created = await users.create({ name: account.name, email: account.email, passwordHash }, tx)
        await queueVerificationLink(deps, created, tx)
        return created
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
