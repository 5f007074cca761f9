import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { auditEvents } from '../schema.js'

export type NewAuditEvent = typeof auditEvents.$inferInsert
export type AuditEventRecord = typeof auditEvents.$inferSelect

export interface ListAuditEventsOptions {
  page: number
  perPage: number
  userId?: number
  type?: string
  since?: Date
  until?: Date
}

/** The audit trail's rows: appended in batches, read newest first, deleted only by age. */
export function createAuditEventsRepository(db: Db) {
  return {
    insertMany: async (events: NewAuditEvent[]) => {
      if (events.length > 0) await db.insert(auditEvents).values(events)
    },

    list: async (options: ListAuditEventsOptions): Promise<{ events: AuditEventRecord[]; total: number }> => {
      const filters: SQL[] = []
      if (options.userId !== undefined) filters.push(eq(auditEvents.userId, options.userId))
      if (options.type !== undefined) filters.push(eq(auditEvents.type, options.type))
      if (options.since) filters.push(gte(auditEvents.occurredAt, options.since))
      if (options.until) filters.push(lt(auditEvents.occurredAt, options.until))
      const where = and(...filters)
      const [events, [count]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(where)
          .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(where),
      ])
      return { events, total: count?.total ?? 0 }
    },

    /**
     * Deletes up to `limit` events older than `cutoff`, oldest first; returns how many. Skips rows
     * another instance's purge holds, so every instance may run it at once.
     */
    deleteOlderThan: async (cutoff: Date, limit: number): Promise<number> => {
      const old = db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(lt(auditEvents.occurredAt, cutoff))
        .orderBy(auditEvents.occurredAt)
        .limit(limit)
        .for('update', { skipLocked: true })
      const deleted = await db.delete(auditEvents).where(inArray(auditEvents.id, old)).returning({ id: auditEvents.id })
      return deleted.length
    },
  }
}

export type AuditEventsRepository = ReturnType<typeof createAuditEventsRepository>
