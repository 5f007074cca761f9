import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { fileTransport, type MailTransport, smtpTransport } from '../mail/transport.js'
import { createMailer, type Mailer } from '../services/mail.js'
import { createMailWorker, type MailWorker } from '../services/mail-worker.js'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
    /** The outbox worker of this instance; absent when mail is off. */
    mailWorker: MailWorker | undefined
  }
}

export interface MailOptions {
  settings: Config['mail']
  /** `npm run dev` without SMTP_URL: mails become files here. */
  devMailDir?: string
  now: () => Date
  /** Tests retry, poll and lease in milliseconds instead of seconds. */
  pollIntervalMs?: number
  retryBaseMs?: number
  leaseMs?: number
}

/**
 * Decorates `app.mailer` (services/mail.ts), which the account flows queue mail with, and runs this
 * instance's outbox worker (services/mail-worker.ts) from ready to close. Without SMTP_URL (and outside
 * `npm run dev`) it warns once at start-up, and the flows that must mail answer 503.
 */
export default fp<MailOptions>(
  async (app, { settings, devMailDir, now, pollIntervalMs = 5_000, retryBaseMs = 10_000, leaseMs }) => {
    let transport: MailTransport | undefined
    if (settings.smtpUrl) transport = smtpTransport(settings.smtpUrl)
    else if (devMailDir) transport = fileTransport(devMailDir, (fields, message) => app.log.info(fields, message))
    else
      app.log.warn(
        'SMTP_URL is not set: no mail is sent, and password reset and email verification requests answer 503',
      )

    const worker =
      transport &&
      createMailWorker({
        outbox: app.repos.mailOutbox,
        transport,
        from: settings.from,
        now,
        events: app.securityEvents,
        log: app.log,
        pollIntervalMs,
        retryBaseMs,
        retryMaxMs: 10 * 60_000,
        leaseMs,
      })
    app.decorate('mailWorker', worker)
    app.decorate(
      'mailer',
      createMailer({
        outbox: app.repos.mailOutbox,
        enabled: worker !== undefined,
        links: settings,
        now,
        wake: () => worker?.wake(),
      }),
    )
    if (!worker) return
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => worker.stop())
  },
  { name: 'mail', dependencies: ['repositories', 'security-events'] },
)
