import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { mailOutbox } from '../schema.js'

/** A mail as the outbox takes it: rendered, with the time past which it is no use sending it. */
export interface OutgoingMail {
  template: string
  userId: number | null
  recipient: string
  subject: string
  text: string
  html: string
  giveUpAt: Date
}

/** A claimed mail, leased to one worker until the lease passes. */
export interface ClaimedMail extends OutgoingMail {
  id: number
  attempts: number
}

const pending = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt))

/** The outbox (db/schema.ts mailOutbox): written inside the caller's transaction, drained by the mail worker. */
export function createMailOutboxRepository(db: Db) {
  return {
    add: async (mail: OutgoingMail, now: Date, on: Db = db) => {
      const { text, html, ...fields } = mail
      await on.insert(mailOutbox).values({ ...fields, bodyText: text, bodyHtml: html, nextAttemptAt: now })
    },

    /**
     * Claims up to `limit` due mails for this worker until `leaseUntil`: rows another instance is claiming
     * are skipped, and a claimed row is not due again before its lease passes, so no two workers send one
     * mail (the worker renews the lease while a send lasts: extendLease).
     */
    claim: async (now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> => {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(pending, lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(inArray(mailOutbox.id, due), pending))
        .returning()
      return rows.map((row) => ({
        id: row.id,
        template: row.template,
        userId: row.userId,
        recipient: row.recipient,
        subject: row.subject,
        text: row.bodyText ?? '',
        html: row.bodyHtml ?? '',
        giveUpAt: row.giveUpAt,
        attempts: row.attempts,
      }))
    },

    /**
     * Keeps a claim alive while its mail is still being sent. Only the claim the caller holds: the one of
     * its attempt, still pending (a claim that lapsed and was taken again counts one attempt more).
     */
    extendLease: async (id: number, attempts: number, leaseUntil: Date) => {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: leaseUntil })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, attempts), pending))
    },

    /** Sent: the bodies, which hold the link, go; recipient, template and times stay. */
    markSent: async (id: number, now: Date) => {
      await db
        .update(mailOutbox)
        .set({ sentAt: now, bodyText: null, bodyHtml: null, lastError: null })
        .where(eq(mailOutbox.id, id))
    },

    retryAt: async (id: number, at: Date, error: string) => {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: at, lastError: error.slice(0, 500) })
        .where(and(eq(mailOutbox.id, id), pending))
    },

    /** Given up: refused for good, or its time ran out. The bodies go as on success. */
    markFailed: async (id: number, now: Date, error: string) => {
      await db
        .update(mailOutbox)
        .set({ failedAt: now, bodyText: null, bodyHtml: null, lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
    },

    /**
     * Deletes up to `limit` records of mails sent or given up before `cutoff` (the audit trail's
     * retention: what was sent, to whom and when is kept for support as long as the audit events).
     */
    deleteFinishedBefore: async (cutoff: Date, limit: number): Promise<number> => {
      const finished = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        // The timestamp as text: compared with an expression, not a column, it has no column to encode it.
        .where(sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.failedAt}) < ${cutoff.toISOString()}`)
        .orderBy(sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.failedAt})`)
        .limit(limit)
        .for('update', { skipLocked: true })
      return (await db.delete(mailOutbox).where(inArray(mailOutbox.id, finished)).returning({ id: mailOutbox.id }))
        .length
    },

    /** Pending mails and the creation time of the oldest, for the metrics. */
    backlog: async (): Promise<{ depth: number; oldest: Date | null }> => {
      const [row] = await db
        .select({ depth: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${mailOutbox.createdAt})` })
        .from(mailOutbox)
        .where(pending)
      return { depth: row?.depth ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
    },
  }
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>
