import { randomBytes } from 'node:crypto'
import { invalidLinkToken, Message, unauthorized } from '../../errors.js'
import { describeDuration } from '../../mail/templates.js'
import type { Actor } from '../actor.js'
import { hashToken } from '../tokens.js'
import type { AccountDeps } from './index.js'
import type { SignedIn } from './sign-in.js'

export interface PasswordReset {
  token: string
  password: string
}

/**
 * The token of an emailed link: 32 random bytes as hex. Only its SHA-256 is stored (docs/contract.md,
 * Email and account recovery), so a copy of the database opens no account.
 */
export const newLinkToken = () => randomBytes(32).toString('hex')

/**
 * Reset requests whose lookup and mail may be under way at once, per instance: a safety valve against
 * memory, far above what the login throttle lets any client send. Reached only by a flood from very many
 * addresses; then answers wait for a place, and a known address's heavier work shows in how fast they come.
 */
const MAX_MAILING = 1000

/**
 * Password reset by an emailed link (docs/contract.md, Email and account recovery). Requests are
 * throttled per account and address in the login throttle, and answered before any account is looked
 * up, so an unknown address gets the same answer at the same time.
 */
export function passwordReset(deps: AccountDeps) {
  const { db, users, accountTokens, passwords, tokens, loginThrottle, events, mailer, now, settings } = deps

  // The work after the answer is bounded: past MAX_MAILING requests in flight, the next answer waits
  // for a place (whatever its own address), so a flood cannot pile up work in memory without end.
  let mailingNow = 0
  const waiting: (() => void)[] = []
  const place = async () => {
    if (mailingNow >= MAX_MAILING) await new Promise<void>((resolve) => waiting.push(resolve))
    mailingNow++
  }
  const release = () => {
    mailingNow--
    waiting.shift()?.()
  }

  /** The lookup and the mail, after the answer has gone: the caller learns nothing from how long it took. */
  async function mailResetLink(email: string, actor: Actor): Promise<void> {
    const user = await users.findByEmail(email)
    if (!user) {
      events.account({ type: 'password.reset_requested', userId: null, details: { email, known: false } }, actor)
      return
    }
    const token = newLinkToken()
    const at = now()
    await db.transaction(async (tx) => {
      await accountTokens.replace(
        {
          userId: user.id,
          purpose: 'password_reset',
          tokenHash: hashToken(token),
          email: user.email,
          expiresAt: new Date(at.getTime() + settings.passwordResetTtlMs),
        },
        tx,
      )
      await mailer.queue(
        {
          template: 'password-reset',
          to: user.email,
          userId: user.id,
          data: { link: mailer.passwordResetLink(token), validFor: describeDuration(settings.passwordResetTtlMs) },
          validForMs: settings.passwordResetTtlMs,
        },
        tx,
      )
    })
    mailer.sent()
    events.account({ type: 'password.reset_requested', userId: user.id, details: { known: true } }, actor)
  }

  return {
    /**
     * Takes a reset request: 503 when nothing can mail, 429 past the throttle, otherwise accepted.
     * `mailing` settles when the link is queued (or nobody has that address); its failure is the
     * caller's to log, never to answer.
     */
    requestPasswordReset: async (email: string, actor: Actor): Promise<{ mailing: Promise<void> }> => {
      mailer.assertEnabled()
      let mailing: Promise<void> = Promise.resolve()
      // Every request counts, known address or not, so a 429 tells nothing either. The account's
      // bucket is one of its own: resets asked by someone else never spend the owner's login allowance.
      await loginThrottle.attempt(`password-reset ${email}`, actor.throttleKey, async () => {
        await place()
        mailing = mailResetLink(email, actor).finally(release)
        return undefined
      })
      return { mailing }
    },

    /**
     * Sets a new password with a reset link's token: the token is used up, the credential version moves,
     * every session ends and a new one starts, and the account is mailed a notice, in one transaction.
     * A token that is unknown, used, expired or whose account is gone is INVALID_TOKEN, before any
     * bcrypt work.
     */
    confirmPasswordReset: async ({ token, password }: PasswordReset, actor: Actor, gone?: AbortSignal) => {
      const tokenHash = hashToken(token)
      if (!(await accountTokens.find(tokenHash, 'password_reset', now()))) throw invalidLinkToken()
      const passwordHash = await passwords.hash(password, { signal: gone, client: actor.throttleKey })
      const at = now()
      const signedIn: SignedIn | undefined = await db.transaction(async (tx) => {
        const claimed = await accountTokens.claim(tokenHash, 'password_reset', at, tx)
        if (!claimed) return undefined
        const version = await users.resetPassword(claimed.userId, passwordHash, claimed.email, tx)
        const user = version === undefined ? undefined : await users.findByIdWithPassword(claimed.userId, tx)
        if (version === undefined || !user) return undefined
        await tokens.revokeAllForUser(user.id, 'password_reset', tx)
        const issued = await tokens.issueNewFamily(user, version, actor, tx)
        // The transaction holds the user's row at this version: the session cannot have been refused.
        if (!issued) throw unauthorized(Message.INVALID_CREDENTIALS)
        await mailer.queue({ template: 'password-changed', to: user.email, userId: user.id, data: { at } }, tx)
        return { user, tokens: issued }
      })
      if (!signedIn) throw invalidLinkToken()
      mailer.sent()
      events.account({ type: 'password.reset', userId: signedIn.user.id }, actor)
      return signedIn
    },
  }
}
