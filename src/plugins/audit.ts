import fp from 'fastify-plugin'
import type { AuditEventRecord, ListAuditEventsOptions } from '../db/repositories/audit-events.js'
import { auditSink, createAuditWriter } from '../services/audit-trail.js'

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      /** One page of the trail, newest first, for the list route. */
      list(options: ListAuditEventsOptions): Promise<{ events: AuditEventRecord[]; total: number }>
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

/**
 * The audit trail: subscribes to this app's security events from ready to close and turns those worth
 * keeping into rows of audit_events (services/audit-trail.ts), through a buffered writer, so recording
 * never fails or slows a request; writes what is left when closing. Decorates `app.audit`.
 */
export default fp<AuditOptions>(
  async (app, { now, bufferLimit }) => {
    const writer = createAuditWriter({
      write: app.repos.auditEvents.insertMany,
      bufferLimit,
      onDropped: (reason, count) => app.securityEvents.auditDropped({ reason, count }),
      log: app.log,
    })
    app.decorate('audit', { list: app.repos.auditEvents.list, flush: writer.flush })

    let unsubscribe = () => {}
    app.addHook('onReady', async () => {
      unsubscribe = app.securityEvents.subscribe(auditSink(writer.record, now))
    })
    app.addHook('onClose', async () => {
      unsubscribe()
      await writer.flush()
    })
  },
  { name: 'audit', dependencies: ['repositories', 'security-events'] },
)
