import fp from 'fastify-plugin'
import { TOTP_ENROLMENT_TTL_MS } from '../services/accounts/second-factor.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes sessions (token families) dead for longer than the retention window; returns sessions deleted. */
    purgeRefreshTokens: () => Promise<number>
    /**
     * Deletes audit events older than AUDIT_RETENTION, and the records of mails sent or given up as
     * long ago; returns rows deleted.
     */
    purgeAuditEvents: () => Promise<number>
    /**
     * Deletes the second factor's dead ceremonies: login challenges and WebAuthn challenges past their
     * five minutes or used, and TOTP enrolments left pending; returns rows deleted.
     */
    purgeCeremonies: () => Promise<number>
  }
}

export interface HousekeepingOptions {
  /** How long a wholly revoked or expired family is kept (its reuse still reads as revoked, in the log). */
  retentionMs: number
  /** How long audit events are kept; 0 keeps them for ever. */
  auditRetentionMs: number
  /** How often the purge runs; 0 turns the timer off. */
  intervalMs: number
  now: () => Date
}

const SESSIONS_PER_BATCH = 500
const AUDIT_EVENTS_PER_BATCH = 5000
const CEREMONIES_PER_BATCH = 1000
const MAX_BATCHES_PER_RUN = 200

/** Runs a batched delete until a batch finds nothing, or the run's bound: a backlog is left for the next run. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const rows = await deleteBatch()
    deleted += rows
    if (rows === 0) break
  }
  return deleted
}

/**
 * Keeps the sessions, refresh_tokens, audit_events and second-factor ceremony tables from growing
 * without bound. Bounded
 * batches that skip locked rows, so every instance may run it at the same time. Depends on the repositories plugin.
 */
export default fp<HousekeepingOptions>(
  async (app, { retentionMs, auditRetentionMs, intervalMs, now }) => {
    const { refreshTokens: tokens, auditEvents, mailOutbox, secondFactor, passkeys } = app.repos

    const purgeTokens = async () => {
      const cutoff = new Date(now().getTime() - retentionMs)
      const deleted = await inBatches(() => tokens.deleteDeadSessions(cutoff, SESSIONS_PER_BATCH))
      if (deleted > 0) app.log.info({ deleted }, 'purged dead sessions')
      return deleted
    }
    const purgeAuditEvents = async () => {
      if (auditRetentionMs <= 0) return 0
      const cutoff = new Date(now().getTime() - auditRetentionMs)
      const deleted = await inBatches(() => auditEvents.deleteOlderThan(cutoff, AUDIT_EVENTS_PER_BATCH))
      const mails = await inBatches(() => mailOutbox.deleteFinishedBefore(cutoff, AUDIT_EVENTS_PER_BATCH))
      if (deleted > 0 || mails > 0)
        app.log.info({ deleted, mails }, 'purged audit events and mail records past their retention')
      return deleted + mails
    }
    const purgeCeremonies = async () => {
      const at = now()
      const pendingBefore = new Date(at.getTime() - TOTP_ENROLMENT_TTL_MS)
      const deleted =
        (await inBatches(() => secondFactor.deleteDead(at, pendingBefore, CEREMONIES_PER_BATCH))) +
        (await inBatches(() => passkeys.deleteExpiredChallenges(at, CEREMONIES_PER_BATCH)))
      if (deleted > 0) app.log.info({ deleted }, 'purged dead second-factor ceremonies')
      return deleted
    }
    app.decorate('purgeRefreshTokens', purgeTokens)
    app.decorate('purgeAuditEvents', purgeAuditEvents)
    app.decorate('purgeCeremonies', purgeCeremonies)
    // Each purge logs its own failure, so one failing table does not keep the other from being purged.
    const attempt = (purge: () => Promise<number>, what: string) =>
      purge().catch((error: unknown) => app.log.error({ err: error }, `${what} purge failed`))

    if (intervalMs <= 0) return
    let running = false
    const timer = setInterval(() => {
      if (running) return
      running = true
      attempt(purgeTokens, 'refresh-token')
        .then(() => attempt(purgeAuditEvents, 'audit-event'))
        .then(() => attempt(purgeCeremonies, 'second-factor ceremony'))
        .finally(() => {
          running = false
        })
    }, intervalMs)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'housekeeping', dependencies: ['repositories'] },
)
