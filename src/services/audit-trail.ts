import { withoutQueryParameters } from '../db/errors.js'
import type { NewAuditEvent } from '../db/repositories/audit-events.js'
import { outsideRequests } from '../db/request-scope.js'

export type { AuditEventRecord } from '../db/repositories/audit-events.js'

import type { Actor } from './actor.js'
import type { AuditEventType, SecuritySink } from './security-events.js'

/** The mail worker acts for no request and no client. */
const OUTBOX_WORKER: Actor = { requestId: null, userId: null, ip: null, userAgent: null, throttleKey: '' }

/**
 * The audit trail's side of the security events: each event worth keeping becomes a row stamped with
 * the time and with who acted and from where (a tool's name and operating-system account go into the
 * details), handed to `record`.
 */
export function auditSink(record: (row: NewAuditEvent) => void, now: () => Date): SecuritySink {
  const row = (type: AuditEventType, userId: number | null | undefined, actor: Actor, details = {}) =>
    record({
      occurredAt: now(),
      type,
      userId: userId ?? null,
      actorId: actor.userId,
      clientIp: actor.ip,
      userAgent: actor.userAgent,
      requestId: actor.requestId,
      details: actor.tool ? { ...details, tool: actor.tool.name, os_user: actor.tool.osUser } : details,
    })
  return {
    login: ({ result, userId, reason, email, via, secondFactor, passkey }, actor) => {
      // A check of another flow's password is recorded as that flow's event.
      if (via) return
      const method = passkey ? { method: 'passkey' } : {}
      if (result === 'success')
        row('login.succeeded', userId, actor, secondFactor ? { second_factor: secondFactor } : method)
      else row('login.failed', userId, actor, { reason, email, ...method })
    },
    refresh: ({ outcome, userId, family, msSinceFirstUse }, actor) => {
      // A replayed token is the one refresh outcome worth keeping: a stolen token, or a client bug.
      if (outcome === 'reused') row('refresh.reused', userId, actor, { family, ms_since_first_use: msSinceFirstUse })
    },
    account: ({ type, userId, details }, actor) => row(type, userId, actor, details),
    factor: ({ change, userId, details }, actor) => row(`mfa.${change}`, userId, actor, details),
    mail: ({ result, template, mailId, userId, attempts, reason }) => {
      if (result === 'failed')
        row('mail.failed', userId, OUTBOX_WORKER, { template, mail_id: mailId, attempts, reason })
    },
  }
}

export interface AuditWriterOptions {
  write: (events: NewAuditEvent[]) => Promise<void>
  /** Most events held while the database catches up; more are dropped and counted, never waited for. */
  bufferLimit: number
  /** Most events per insert. */
  batchSize?: number
  /** Called for every loss, with how many events were lost. */
  onDropped: (reason: 'buffer_full' | 'write_failed', count: number) => void
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void }
}

/**
 * Writes audit events off the request path: `record` only appends to a bounded buffer, and a flush
 * started on the next turn of the event loop inserts it in batches, one insert at a time (so a busy
 * moment makes bigger batches, not more connections). A failed insert loses its batch rather than
 * failing or holding up anyone's request; losses are counted, and logged once per run of them.
 */
export function createAuditWriter({ write, bufferLimit, batchSize = 500, onDropped, log }: AuditWriterOptions) {
  let buffer: NewAuditEvent[] = []
  let flushing: Promise<void> | undefined
  let scheduled = false
  let overflowing = false
  let failing = false

  async function drain() {
    while (buffer.length > 0) {
      const batch = buffer.length <= batchSize ? buffer : buffer.slice(0, batchSize)
      buffer = buffer.length <= batchSize ? [] : buffer.slice(batchSize)
      try {
        await write(batch)
        failing = false
      } catch (error) {
        onDropped('write_failed', batch.length)
        if (!failing) log.error({ err: withoutQueryParameters(error), lost: batch.length }, 'audit events not written')
        failing = true
      }
    }
    overflowing = false
  }

  function drainOnce(): Promise<void> {
    flushing ??= drain().finally(() => {
      flushing = undefined
      if (buffer.length > 0) schedule()
    })
    return flushing
  }

  function schedule() {
    if (scheduled || flushing) return
    scheduled = true
    // Not in the scope of the request recording the event: the flush writes every request's events.
    outsideRequests(() =>
      setImmediate(() => {
        scheduled = false
        void drainOnce()
      }),
    )
  }

  return {
    record(event: NewAuditEvent) {
      if (buffer.length >= bufferLimit) {
        onDropped('buffer_full', 1)
        if (!overflowing) log.warn({ buffered: buffer.length }, 'audit buffer full: dropping events')
        overflowing = true
        return
      }
      buffer.push(event)
      schedule()
    },

    /** Resolves once every event recorded so far is written (or lost): for closing, and for tests. */
    async flush() {
      while (flushing || buffer.length > 0) await drainOnce()
    },
  }
}
