import { type Channel, subscribe, unsubscribe } from 'node:diagnostics_channel'
import fp from 'fastify-plugin'
import type { AuditEventsRepository, NewAuditEvent } from '../db/repositories/audit-events.js'
import { type AccountEvent, type EventRequest, events, type LoginEvent, publish, type RefreshEvent } from '../events.js'
import type { AuditEventType } from '../schemas/audit.js'
import { createAuditWriter, requestColumns } from '../services/audit-trail.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail's rows, for the list route. */
    auditEvents: AuditEventsRepository
    audit: {
      /** Resolves once every event recorded so far is written (or counted lost). */
      flush(): Promise<void>
    }
  }
}

export interface AuditOptions {
  now: () => Date
  /** Most events waiting to be written; beyond it events are dropped (audit_events_dropped_total). */
  bufferLimit: number
}

/** Subscribes to one event channel and returns the unsubscription. */
function listen<T>(channel: Channel, onEvent: (event: T) => void): () => void {
  const listener = (message: unknown) => onEvent(message as T)
  subscribe(channel.name, listener)
  return () => unsubscribe(channel.name, listener)
}

/**
 * The audit trail's writer: turns the security events the routes publish into rows of audit_events,
 * stamped with the time, the request id, the client and the actor of the request they happened in,
 * and hands them to a buffered writer, so recording never fails or slows a request. Listens from ready
 * to close, and writes what is left when closing. Decorates
 * `app.audit.flush()`. Depends on the repositories plugin.
 */
export default fp<AuditOptions>(
  async (app, { now, bufferLimit }) => {
    const writer = createAuditWriter({
      write: app.repos.auditEvents.insertMany,
      bufferLimit,
      onDropped: (reason, count) => publish.auditDropped({ reason, count }),
      log: app.log,
    })
    app.decorate('audit', { flush: writer.flush })

    const record = (
      type: AuditEventType,
      userId: number | null | undefined,
      request: EventRequest | undefined,
      details: Record<string, unknown> = {},
    ) => {
      // The channels are process-wide: another app in this process (tests build several) records its own.
      if (!request || !(request.server === app || Object.prototype.isPrototypeOf.call(app, request.server))) return
      const row: NewAuditEvent = {
        occurredAt: now(),
        type,
        userId: userId ?? null,
        ...requestColumns(request),
        details,
      }
      writer.record(row)
    }

    let unsubscribes: (() => void)[] = []
    app.addHook('onReady', async () => {
      unsubscribes = [
        listen<LoginEvent>(events.login, ({ result, userId, reason, email, via, request }) => {
          if (via) return
          if (result === 'success') record('login.succeeded', userId, request)
          else record('login.failed', userId, request, { reason, email })
        }),
        listen<RefreshEvent>(events.refresh, ({ outcome, userId, family, msSinceFirstUse, request }) => {
          // A replayed token is the one refresh outcome worth keeping: a stolen token, or a client bug.
          if (outcome === 'reused')
            record('refresh.reused', userId, request, { family, ms_since_first_use: msSinceFirstUse })
        }),
        listen<AccountEvent>(events.account, ({ type, userId, details, request }) =>
          record(type, userId, request, details),
        ),
      ]
    })
    app.addHook('onClose', async () => {
      for (const stop of unsubscribes) stop()
      unsubscribes = []
      await writer.flush()
    })
  },
  { name: 'audit', dependencies: ['repositories'] },
)
