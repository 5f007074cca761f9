import { type AnyColumn, and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { refreshTokens, users } from '../schema.js'

export interface NewRefreshToken {
  userId: number
  tokenHash: string
  tokenFamily: string
  expiresAt: Date
  clientIp: string | null
  userAgent: string | null
}

/** A token family seen as a session. */
export interface SessionRecord {
  id: string
  createdAt: Date
  lastUsedAt: Date
  clientIp: string | null
  userAgent: string | null
}

/** A stored refresh token joined with its live owner, as the rotation reads it. */
export interface TokenWithOwner {
  id: string
  tokenFamily: string
  expiresAt: Date
  usedAt: Date | null
  revokedAt: Date | null
  user: { id: number; name: string; email: string; roles: string[] }
}

// Written out in full: inside a select, Drizzle leaves column names unqualified, which is ambiguous here.
const ownerRoles = sql<string[]>`coalesce((
  SELECT json_agg(r.name ORDER BY ur.id)
  FROM user_roles ur JOIN roles r ON r.id = ur.role_id
  WHERE ur.user_id = "users"."id"), '[]'::json)`

/** Refresh-token rows; only SHA-256 hashes are stored. Build it on a transaction to run inside one. */
export function createRefreshTokensRepository(db: Db) {
  return {
    insert: async (row: NewRefreshToken) => {
      await db.insert(refreshTokens).values(row)
    },

    /**
     * The user's sessions: families with a token that can still be exchanged, newest activity first.
     * Where and when a session was last used is its newest token's.
     */
    listActiveFamilies: async (userId: number, now: Date): Promise<SessionRecord[]> => {
      const newest = (column: AnyColumn) =>
        sql<string | null>`(array_agg(${column} ORDER BY ${refreshTokens.createdAt} DESC))[1]`
      return db
        .select({
          id: refreshTokens.tokenFamily,
          createdAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
          lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
          clientIp: newest(refreshTokens.clientIp),
          userAgent: newest(refreshTokens.userAgent),
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .groupBy(refreshTokens.tokenFamily)
        .having(
          sql`bool_or(${refreshTokens.usedAt} IS NULL AND ${refreshTokens.revokedAt} IS NULL AND ${refreshTokens.expiresAt} > ${now.toISOString()}::timestamptz)`,
        )
        .orderBy(sql`max(${refreshTokens.createdAt}) DESC`)
    },

    /** Revokes one family of the user's; false when the user has no such family with a live token. */
    revokeFamilyOfUser: async (userId: number, tokenFamily: string, now: Date): Promise<boolean> => {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            eq(refreshTokens.tokenFamily, tokenFamily),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
      return rows.some((row) => row.usedAt === null && row.expiresAt > now)
    },

    /**
     * Finds a token by hash with its owner, and takes a share lock on the owner's row: logout and
     * deletion take the exclusive lock, so they wait for a rotation in flight, and it waits for them.
     * A token of a deleted user is not found.
     */
    findForRotation: async (tokenHash: string): Promise<TokenWithOwner | undefined> => {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          tokenFamily: refreshTokens.tokenFamily,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          revokedAt: refreshTokens.revokedAt,
          user: { id: users.id, name: users.name, email: users.email, roles: ownerRoles },
        })
        .from(refreshTokens)
        .innerJoin(users, and(eq(users.id, refreshTokens.userId), isNull(users.deletedAt)))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('share', { of: users })
      return row
    },

    /** Marks an active token used. False when another request used or revoked it first. */
    claim: async (id: string, now: Date): Promise<boolean> => {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      return rows.length > 0
    },

    revokeFamily: async (tokenFamily: string, now: Date) => {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.tokenFamily, tokenFamily), isNull(refreshTokens.revokedAt)))
    },

    /**
     * Deletes one batch of dead families: those whose every token was revoked or expired before the
     * cutoff. Rows another instance is deleting are skipped, so every instance can run this at once.
     * Returns the number of rows deleted.
     */
    deleteDeadFamilies: async (cutoff: Date, familyLimit: number): Promise<number> => {
      const deleted = await db.execute(sql`
      DELETE FROM refresh_tokens WHERE id IN (
        SELECT id FROM refresh_tokens WHERE token_family IN (
          SELECT token_family FROM refresh_tokens
          GROUP BY token_family
          HAVING max(coalesce(revoked_at, expires_at)) < ${cutoff.toISOString()}::timestamptz
          LIMIT ${familyLimit}
        )
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`)
      return rowCount(deleted)
    },

    /** Takes the user's row lock first (see findForRotation), then revokes every live token of the user. */
    revokeAllForUser: async (userId: number, now: Date) => {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    },
  }
}

/** postgres.js answers with an array of rows, PGlite with `{ rows }`. */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length
  return (result as { rows?: unknown[] }).rows?.length ?? 0
}
