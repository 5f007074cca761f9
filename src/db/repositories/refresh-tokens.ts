import { type AnyColumn, and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { allRows, parseJson, prepareRaw, rowCount } from '../raw-rows.js'
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

/** The token that replaces the one being rotated. */
export interface Replacement {
  tokenHash: string
  expiresAt: Date
  clientIp: string | null
  userAgent: string | null
}

/** What a rotation found, and whether it won the claim. */
export interface RotationRow {
  tokenFamily: string
  user: { id: number; name: string; email: string; roles: string[] }
  revoked: boolean
  expired: boolean
  /** True when this rotation used the token and stored its replacement. */
  claimed: boolean
  /** Since the token's first use, as the statement saw it (0 when it was unused). */
  msSinceFirstUse: number
}

interface RawRotationRow {
  token_family: string
  user_id: number
  name: string
  email: string
  roles: string[] | string
  revoked: boolean
  expired: boolean
  claimed: boolean
  ms_since_first_use: number | string
}

/** Refresh-token rows; only SHA-256 hashes are stored. Build it on a transaction to run inside one. */
export function createRefreshTokensRepository(db: Db) {
  // Every refresh runs it: prepared once, so the server does not plan its four parts on every call.
  const at = sql`${sql.placeholder('at')}::timestamptz`
  const rotation = prepareRaw(
    db,
    'refresh_tokens_rotate',
    sql`
      WITH found AS (
        SELECT t.id, t.token_family, t.used_at, t.revoked_at, t.expires_at, u.id AS user_id, u.name, u.email,
          coalesce((SELECT json_agg(r.name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
            WHERE ur.user_id = u.id), '[]'::json) AS roles
        FROM refresh_tokens t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
        WHERE t.token_hash = ${sql.placeholder('tokenHash')}
        FOR SHARE OF u
      ), claimed AS (
        UPDATE refresh_tokens SET used_at = ${at}
        FROM found
        WHERE refresh_tokens.id = found.id AND refresh_tokens.used_at IS NULL
          AND refresh_tokens.revoked_at IS NULL AND refresh_tokens.expires_at > ${at}
        RETURNING refresh_tokens.id
      ), replaced AS (
        INSERT INTO refresh_tokens (user_id, token_hash, token_family, expires_at, client_ip, user_agent)
        SELECT found.user_id, ${sql.placeholder('nextHash')}, found.token_family,
          ${sql.placeholder('nextExpiresAt')}::timestamptz, ${sql.placeholder('clientIp')}, ${sql.placeholder('userAgent')}
        FROM found JOIN claimed ON claimed.id = found.id
        RETURNING id
      )
      SELECT found.token_family, found.user_id, found.name, found.email, found.roles,
        found.revoked_at IS NOT NULL AS revoked,
        found.expires_at <= ${at} AS expired,
        EXISTS (SELECT 1 FROM replaced) AS claimed,
        (extract(epoch FROM ${at} - coalesce(found.used_at, ${at})) * 1000)::float8 AS ms_since_first_use
      FROM found`,
  )

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
     * One rotation in one statement, so it needs no transaction and one round trip. It reads the token
     * with its live owner, taking a share lock on the owner's row (logout and deletion take the
     * exclusive lock, so they wait for a rotation in flight and it waits for them); claims the token
     * only if it is unused, unrevoked and unexpired; and stores the replacement in the same family only
     * if the claim succeeded. The claim is atomic: of concurrent rotations of one token, the row lock
     * lets exactly one UPDATE match, and the others find `claimed` false. Undefined for an unknown
     * token or one whose owner was deleted.
     */
    rotate: async (tokenHash: string, next: Replacement, now: Date): Promise<RotationRow | undefined> => {
      const [row] = await allRows<RawRotationRow>(rotation, {
        tokenHash,
        at: now.toISOString(),
        nextHash: next.tokenHash,
        nextExpiresAt: next.expiresAt.toISOString(),
        clientIp: next.clientIp,
        userAgent: next.userAgent,
      })
      if (!row) return undefined
      return {
        tokenFamily: row.token_family,
        user: { id: row.user_id, name: row.name, email: row.email, roles: parseJson<string[]>(row.roles) },
        revoked: row.revoked,
        expired: row.expired,
        claimed: row.claimed,
        msSinceFirstUse: Number(row.ms_since_first_use),
      }
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

    /**
     * Takes the user's row lock first (see rotate), then revokes every live token of the user. Returns
     * the families that were live sessions until now.
     */
    revokeAllForUser: (userId: number, now: Date): Promise<Set<string>> =>
      // One transaction, so the row lock is held until the revocation commits (a savepoint when the
      // caller is already in one): a rotation waiting on the lock then finds its token revoked, and a
      // rotation that got the lock first has its new token revoked here.
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const revoked = await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
          .returning({
            family: refreshTokens.tokenFamily,
            usedAt: refreshTokens.usedAt,
            expiresAt: refreshTokens.expiresAt,
          })
        return new Set(revoked.filter((row) => row.usedAt === null && row.expiresAt > now).map((row) => row.family))
      }),
  }
}
