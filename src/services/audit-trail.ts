import { withoutQueryParameters } from '../db/errors.js'
import type { NewAuditEvent } from '../db/repositories/audit-events.js'
import type { EventRequest } from '../events.js'
import { CLIENT_IP_MAX, USER_AGENT_MAX } from '../schemas/common.js'

/** Where a request came from, cut to the column limits: an overlong user agent is shortened, never refused. */
export const requestColumns = (request: EventRequest | undefined) => ({
  actorId: request?.user?.user_id ?? null,
  clientIp: request?.ip?.slice(0, CLIENT_IP_MAX) || null,
  userAgent: request?.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  requestId: request?.id.slice(0, 128) ?? null,
})

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
    setImmediate(() => {
      scheduled = false
      void drainOnce()
    })
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

export type AuditWriter = ReturnType<typeof createAuditWriter>
