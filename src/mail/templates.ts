/**
 * The mails the service sends, plain text and simple HTML, each with what to do if it wasn't you. Kept
 * here in the repository, rendered when the mail enters the outbox.
 */

export const MAIL_TEMPLATES = ['password-reset', 'password-changed', 'email-verification', 'email-changed'] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

export interface MailData {
  'password-reset': { link: string; validFor: string }
  'password-changed': { at: Date }
  'email-verification': { link: string; validFor: string }
  'email-changed': { at: Date; newEmail: string }
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Paragraphs of plain text, and the same as HTML with the link made clickable. */
function compose(subject: string, paragraphs: string[], link?: string): RenderedMail {
  const text = `${paragraphs.join('\n\n')}\n`
  const html = paragraphs
    .map((paragraph) =>
      link && paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n')
  return { subject, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` }
}

const RENDERERS: { [T in MailTemplate]: (data: MailData[T]) => RenderedMail } = {
  'password-reset': ({ link, validFor }) =>
    compose(
      'Reset your password',
      [
        'Someone asked to reset the password of the account with this email address.',
        'To choose a new password, open this link:',
        link,
        `The link works once and expires in ${validFor}. Every other session of the account ends when the new password is set.`,
        'If it wasn’t you, ignore this mail: your password stays as it is.',
      ],
      link,
    ),
  'password-changed': ({ at }) =>
    compose('Your password was changed', [
      `The password of your account was reset at ${at.toISOString()} (UTC), and every other session was signed out.`,
      'If it wasn’t you, reset your password again at once and tell the service’s operator: someone may have access to your mail.',
    ]),
  'email-verification': ({ link, validFor }) =>
    compose(
      'Confirm your email address',
      [
        'Please confirm that this email address belongs to your account by opening this link:',
        link,
        `The link works once and expires in ${validFor}.`,
        'If it wasn’t you, ignore this mail: the address stays unconfirmed.',
      ],
      link,
    ),
  'email-changed': ({ at, newEmail }) =>
    compose('The email address of your account was changed', [
      `At ${at.toISOString()} (UTC) the email address of your account was changed to ${newEmail}. Mail about the account goes there from now on.`,
      'If it wasn’t you, reset your password and tell the service’s operator at once.',
    ]),
}

export const renderMail = <T extends MailTemplate>(template: T, data: MailData[T]): RenderedMail =>
  RENDERERS[template](data)

/** A lifetime in words for a mail: `30 minutes`, `24 hours`. */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 1) return `${Math.max(1, Math.round(ms / 1000))} seconds`
  if (minutes < 120 && minutes % 60 !== 0) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.round(minutes / 60)
  return hours === 1 ? '1 hour' : `${hours} hours`
}
