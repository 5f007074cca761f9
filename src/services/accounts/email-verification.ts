import type { Db } from '../../db/client.js'
import type { UserRecord } from '../../db/repositories/users.js'
import { invalidLinkToken, Message, notFound } from '../../errors.js'
import { describeDuration } from '../../mail/templates.js'
import type { Actor } from '../actor.js'
import { hashToken } from '../tokens.js'
import type { AccountDeps } from './index.js'
import { newLinkToken } from './password-reset.js'

/**
 * Queues a verification link to the user's current address inside the transaction `on` (nothing when
 * mail is off); the user's older verification links stop working. Registration and an email change
 * call it in the transaction of their own change.
 */
export async function queueVerificationLink(
  { accountTokens, mailer, now, settings }: AccountDeps,
  user: { id: number; email: string },
  on: Db,
): Promise<void> {
  if (!mailer.enabled) return
  const token = newLinkToken()
  const ttl = settings.emailVerificationTtlMs
  await accountTokens.replace(
    {
      userId: user.id,
      purpose: 'email_verification',
      tokenHash: hashToken(token),
      email: user.email,
      expiresAt: new Date(now().getTime() + ttl),
    },
    on,
  )
  await mailer.queue(
    {
      template: 'email-verification',
      to: user.email,
      userId: user.id,
      data: { link: mailer.emailVerificationLink(token), validFor: describeDuration(ttl) },
      validForMs: ttl,
    },
    on,
  )
}

/** Email ownership (docs/contract.md, Email and account recovery): a link to the address proves it. */
export function emailVerification(deps: AccountDeps) {
  const { db, users, accountTokens, loginThrottle, events, mailer, now } = deps
  return {
    /**
     * Mails the caller a new verification link: 503 when nothing can mail, 429 past the throttle (every
     * request counts, like a reset's). An address already verified is sent nothing, with the same answer.
     */
    requestEmailVerification: async (userId: number, actor: Actor): Promise<void> => {
      mailer.assertEnabled()
      const user = await users.findById(userId)
      if (!user) throw notFound(Message.USER_NOT_FOUND)
      await loginThrottle.attempt(`email-verification ${user.email}`, actor.throttleKey, async () => {
        if (!user.emailVerified) await db.transaction((tx) => queueVerificationLink(deps, user, tx))
        return undefined
      })
      mailer.sent()
    },

    /**
     * Uses a verification token up and marks the address verified, only while it is still the account's
     * address. Unknown, used, expired, superseded or for an account that is gone: INVALID_TOKEN.
     */
    verifyEmail: async (token: string, actor: Actor): Promise<UserRecord> => {
      const at = now()
      const verified = await db.transaction(async (tx) => {
        const claimed = await accountTokens.claim(hashToken(token), 'email_verification', at, tx)
        return claimed && (await users.markEmailVerified(claimed.userId, claimed.email, tx)) ? claimed : undefined
      })
      const user = verified && (await users.findById(verified.userId))
      if (!user) throw invalidLinkToken()
      events.account({ type: 'email.verified', userId: user.id }, actor)
      return user
    },
  }
}
