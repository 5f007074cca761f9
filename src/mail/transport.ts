import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'

/** One mail as it goes out. */
export interface Envelope {
  from: string
  to: string
  subject: string
  text: string
  html: string
}

/** Sends one mail; throws a MailError when it was not accepted. */
export interface MailTransport {
  send(mail: Envelope, id: number): Promise<void>
  close(): void
}

/** A mail the server did not accept: `permanent` when it refused it for good (a 5xx reply). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'MailError'
  }
}

/**
 * SMTP through nodemailer, one connection per mail. smtp:// upgrades with STARTTLS when the server offers
 * it; smtps:// is TLS from the start. A 5xx reply is permanent, except an authentication refusal, which
 * an operator can fix: that, a 4xx reply and a connection that fails are retried. Connecting and the
 * greeting may take 10 s each and every later reply 30 s; the conversation as a whole has no limit (the
 * mail worker keeps its claim while it lasts).
 */
export function smtpTransport(url: string): MailTransport {
  // Loaded with the first mail rather than at start: nodemailer is a tenth of the server's code.
  let transporter: Promise<Transporter> | undefined
  const loadTransporter = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ))
  return {
    async send(mail) {
      const smtp = await loadTransporter()
      try {
        await smtp.sendMail(mail)
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
        const permanent =
          typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH'
        throw new MailError(describeFailure(error), permanent)
      }
    },
    close: () => {
      // A transporter that never loaded has nothing to close.
      transporter?.then((smtp) => smtp.close()).catch(() => {})
    },
  }
}

/** What the outbox keeps of a failure: the code and the server's reply, never a body. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown failure'
  const { code, responseCode, response } = error as { code?: unknown; responseCode?: unknown; response?: unknown }
  const parts = [typeof code === 'string' ? code : error.name]
  if (typeof responseCode === 'number') parts.push(String(responseCode))
  parts.push(typeof response === 'string' ? response : error.message)
  return parts.join(' ').slice(0, 500)
}

/**
 * `npm run dev` without SMTP_URL: each mail becomes a file in `dir`, and its link goes to the log, so the
 * flows work on a developer's machine without a mail server.
 */
export function fileTransport(dir: string, log: (fields: object, message: string) => void): MailTransport {
  return {
    async send(mail, id) {
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${String(id).padStart(6, '0')}-${mail.subject.replace(/\W+/g, '-').toLowerCase()}.txt`)
      const headers = `From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n`
      await writeFile(file, headers + mail.text, { mode: 0o600 })
      const link = mail.text.match(/https?:\/\/\S+/)?.[0]
      log({ to: mail.to, file, ...(link ? { link } : {}) }, 'development mail written (no SMTP_URL)')
    },
    close: () => {},
  }
}
