import type { Db } from '../db/client.js'
import type { MailOutboxRepository } from '../db/repositories/mail-outbox.js'
import { AppError, ErrorCode, Message } from '../errors.js'
import { type MailData, type MailTemplate, renderMail } from '../mail/templates.js'

/** A notice carries no link; it is still worth sending for this long. */
const NOTICE_LIFETIME_MS = 24 * 60 * 60 * 1000

export interface MailerOptions {
  outbox: MailOutboxRepository
  /** False when nothing can send: no SMTP_URL, and not `npm run dev`. */
  enabled: boolean
  /** PUBLIC_URL, and PASSWORD_RESET_URL / EMAIL_VERIFICATION_URL when set. */
  links: { publicUrl: string; passwordResetUrl: string | undefined; emailVerificationUrl: string | undefined }
  now: () => Date
  /** Wakes the worker: called once the transaction that wrote a mail has committed. */
  wake: () => void
}

/**
 * What the account flows know of mail: the links, and the outbox, written inside the flow's own
 * transaction so a mail goes out exactly when its change commits. The worker (services/mail-worker.ts)
 * sends it.
 */
export function createMailer({ outbox, enabled, links, now, wake }: MailerOptions) {
  const page = (custom: string | undefined, path: string, token: string) =>
    custom ? custom.replaceAll('{token}', token) : `${links.publicUrl}${path}?token=${token}`
  return {
    enabled,

    /** docs/contract.md: the routes that must mail answer 503 when nothing can send. */
    assertEnabled(): void {
      if (!enabled) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.MAIL_NOT_CONFIGURED)
    },

    passwordResetLink: (token: string) => page(links.passwordResetUrl, '/account/reset-password', token),
    emailVerificationLink: (token: string) => page(links.emailVerificationUrl, '/account/verify-email', token),

    /**
     * Puts a mail in the outbox inside `on`; nothing when mail is off. `validForMs`: how long it is worth
     * sending (a link's lifetime); a notice is kept trying for a day.
     */
    async queue<T extends MailTemplate>(
      mail: { template: T; to: string; userId: number | null; data: MailData[T]; validForMs?: number },
      on: Db,
    ): Promise<void> {
      if (!enabled) return
      const at = now()
      const { subject, text, html } = renderMail(mail.template, mail.data)
      const giveUpAt = new Date(at.getTime() + (mail.validForMs ?? NOTICE_LIFETIME_MS))
      await outbox.add(
        { template: mail.template, userId: mail.userId, recipient: mail.to, subject, text, html, giveUpAt },
        at,
        on,
      )
    },

    /** After the transaction that queued mail committed: the worker looks at once instead of at its next poll. */
    sent: () => {
      if (enabled) wake()
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
