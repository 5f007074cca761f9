import type { ClaimedMail, MailOutboxRepository } from '../db/repositories/mail-outbox.js'
import { outsideRequests } from '../db/request-scope.js'
import { MailError, type MailTransport } from '../mail/transport.js'
import type { SecurityEvents } from './security-events.js'

export interface MailWorkerOptions {
  outbox: MailOutboxRepository
  transport: MailTransport
  from: string
  now: () => Date
  events: SecurityEvents
  log: {
    info(fields: object, message: string): void
    warn(fields: object, message: string): void
    error(fields: object, message: string): void
  }
  /** How often the outbox is looked at when nobody wakes the worker. */
  pollIntervalMs: number
  /** The first retry's delay; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** How long a claim lasts unless renewed (tests shorten it). */
  leaseMs?: number
}

/** Mails claimed at once; they are sent in parallel. */
const BATCH = 10
/**
 * How long a claim lasts. The transport bounds each reply of the SMTP conversation, not the whole of it, so
 * a send may take longer: the worker renews the claim every third of this while the send lasts, and no
 * other instance (nor this one's next pass) claims a mail that may still be on its way.
 */
const LEASE_MS = 2 * 60_000

/**
 * Drains the outbox in every instance: claims due mails (services never wait for it), sends each, and
 * records the outcome. A mail the server refuses for now, or cannot be given because the server is
 * down, is retried with exponential backoff and jitter; one refused for good (5xx), or still unsent
 * when its link expires, is given up with an error line in the log, a metric and an audit event.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { outbox, transport, from, now, events, log, leaseMs = LEASE_MS } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  /** Warned once per outage, not once per mail. */
  let failing = false

  const backoffMs = (attempts: number) => {
    const ms = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1))
    return Math.round(ms * (0.8 + Math.random() * 0.4))
  }

  async function giveUp(mail: ClaimedMail, reason: string) {
    await outbox.markFailed(mail.id, now(), reason)
    log.error(
      { mail: { id: mail.id, template: mail.template, user_id: mail.userId, attempts: mail.attempts }, reason },
      'mail given up',
    )
    events.mail({
      result: 'failed',
      template: mail.template,
      mailId: mail.id,
      userId: mail.userId,
      attempts: mail.attempts,
      reason,
    })
  }

  /** Sends one claimed mail, its claim renewed for as long as the send lasts. */
  async function send(mail: ClaimedMail) {
    const renewal = setInterval(() => {
      outbox
        .extendLease(mail.id, mail.attempts, new Date(now().getTime() + leaseMs))
        .catch((error: unknown) => log.warn({ err: error, mail: { id: mail.id } }, 'mail claim not renewed'))
    }, leaseMs / 3)
    try {
      await transport.send(
        { from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html },
        mail.id,
      )
    } finally {
      clearInterval(renewal)
    }
  }

  async function deliver(mail: ClaimedMail) {
    if (mail.giveUpAt.getTime() <= now().getTime()) return giveUp(mail, 'expired before it could be sent')
    try {
      await send(mail)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const retryAt = new Date(now().getTime() + backoffMs(mail.attempts))
      if ((error instanceof MailError && error.permanent) || retryAt.getTime() >= mail.giveUpAt.getTime())
        return giveUp(mail, reason)
      if (!failing) log.warn({ mail: { id: mail.id, template: mail.template }, reason }, 'mail not sent; retrying')
      failing = true
      await outbox.retryAt(mail.id, retryAt, reason)
      return
    }
    if (failing) log.info({ mail: { id: mail.id } }, 'mail delivery recovered')
    failing = false
    await outbox.markSent(mail.id, now())
    events.mail({
      result: 'sent',
      template: mail.template,
      mailId: mail.id,
      userId: mail.userId,
      attempts: mail.attempts,
    })
  }

  /** One pass: claims and sends batches until nothing is due. */
  async function drain() {
    for (;;) {
      const at = now()
      const claimed = await outbox.claim(at, new Date(at.getTime() + leaseMs), BATCH)
      await Promise.all(claimed.map(deliver))
      if (claimed.length < BATCH || stopped) return
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox pass failed'))
      .finally(() => {
        running = undefined
        if (again && !stopped) {
          again = false
          void run()
        }
      })
    return running
  }

  return {
    start() {
      timer = setInterval(() => void run(), options.pollIntervalMs)
      timer.unref()
      void run()
    },
    /** Looks at the outbox now (a mail was just queued), outside the scope of the request that queued it. */
    wake: () => {
      if (!stopped) void outsideRequests(run)
    },
    /** Runs one pass now and resolves when it is done. */
    drain: () => run(),
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running
      transport.close()
    },
  }
}

export type MailWorker = ReturnType<typeof createMailWorker>
