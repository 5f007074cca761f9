import { and, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../client.js'
import { mappedQuery, parseJson, prepareRaw, rowsOf } from '../raw-rows.js'
import { refreshTokens, sessions, users } from '../schema.js'
import { rolesOf } from '../sql.js'

/** Where a request came from: kept on its session, shown in the sessions list. */
export interface ClientColumns {
  clientIp: string | null
  userAgent: string | null
}

/** A session's first refresh token, stored with the session. */
export interface NewSession extends ClientColumns {
  id: string
  userId: number
  /** The user's credential version that the login verified. */
  credentialVersion: number
  tokenHash: string
  /** When the login happened: the session's creation and its last use. */
  startedAt: Date
  expiresAt: Date
}

/** A session as the sessions list shows it. */
export interface SessionRecord {
  id: string
  createdAt: Date
  lastUsedAt: Date
  clientIp: string | null
  userAgent: string | null
}

/** The token that replaces the one being rotated. */
export interface Replacement extends ClientColumns {
  tokenHash: string
  expiresAt: Date
  /** The replacement sealed for its predecessor's holder (REFRESH_TOKEN_REUSE_INTERVAL), or null. */
  sealed: string | null
}

/** What a rotation found, and whether it won the claim. */
export interface Rotation {
  tokenFamily: string
  user: { id: number; name: string; email: string; emailVerified: boolean; roles: string[] }
  /** The token or its session is revoked. */
  revoked: boolean
  expired: boolean
  /** True when this rotation used the token and stored its replacement. */
  claimed: boolean
  /** The session's row was locked by a rotation that committed while this one waited for it. */
  waitedForRotation: boolean
  /** Since the token's first use, as the statement saw it (0 when it was unused). */
  msSinceFirstUse: number
}

/** What a revocation did. */
export interface Revocation {
  /** Sessions revoked (0 when there was none live). */
  sessions: number
  /** A rotation of one of them committed while the revocation waited for it: its new token was revoked too. */
  caughtRotation: boolean
}

interface RawRotationRow {
  token_family: string
  user_id: number
  name: string
  email: string
  email_verified: boolean
  roles: string[] | string
  revoked: boolean
  expired: boolean
  claimed: boolean
  waited: boolean
  ms_since_first_use: number | string
}

const fromRotationRow = (row: RawRotationRow): Rotation => ({
  tokenFamily: row.token_family,
  user: {
    id: row.user_id,
    name: row.name,
    email: row.email,
    emailVerified: row.email_verified,
    roles: parseJson<string[]>(row.roles),
  },
  revoked: row.revoked,
  expired: row.expired,
  claimed: row.claimed,
  waitedForRotation: row.waited,
  msSinceFirstUse: Number(row.ms_since_first_use),
})

/**
 * Sessions and their refresh tokens; only SHA-256 hashes of tokens are stored. A session is one token
 * family, and its row is the family's serialisation point: every rotation locks it (a token's claim,
 * its replacement and the session's generation move together), and every revocation writes
 * `revoked_at` on it under the same lock. Build it on a transaction to run inside one.
 */
export function createRefreshTokensRepository(db: Db) {
  // Every refresh runs it: prepared once, so the server does not plan its parts on every call.
  const at = sql`${sql.placeholder('at')}::timestamptz`
  const nextExpiresAt = sql`${sql.placeholder('nextExpiresAt')}::timestamptz`
  const rotation = mappedQuery(
    prepareRaw(
      db,
      'refresh_tokens_rotate',
      sql`
      WITH found AS (
        SELECT t.id, t.token_family, t.used_at, t.revoked_at, t.expires_at, s.revoked_at AS session_revoked_at,
          s.credential_version <> u.credential_version AS outdated,
          s.generation, s.generation <> seen.generation AS waited, u.id AS user_id, u.name, u.email,
          u.email_verified,
          ${rolesOf(sql`u.id`)} AS roles
        FROM refresh_tokens t JOIN sessions s ON s.id = t.token_family JOIN sessions seen ON seen.id = s.id
          JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
        WHERE t.token_hash = ${sql.placeholder('tokenHash')}
        FOR NO KEY UPDATE OF s
      ), claimed AS (
        UPDATE refresh_tokens SET used_at = ${at}, successor_sealed = ${sql.placeholder('sealed')}
        FROM found
        WHERE refresh_tokens.id = found.id AND found.session_revoked_at IS NULL AND NOT found.outdated
          AND refresh_tokens.used_at IS NULL
          AND refresh_tokens.revoked_at IS NULL AND refresh_tokens.expires_at > ${at}
        RETURNING refresh_tokens.id
      ), advanced AS (
        UPDATE sessions SET generation = found.generation + 1, last_used_at = ${at}, expires_at = ${nextExpiresAt},
          client_ip = ${sql.placeholder('clientIp')}, user_agent = ${sql.placeholder('userAgent')}
        FROM found JOIN claimed ON claimed.id = found.id
        WHERE sessions.id = found.token_family
        RETURNING sessions.generation
      ), replaced AS (
        INSERT INTO refresh_tokens (user_id, token_hash, token_family, generation, expires_at)
        SELECT found.user_id, ${sql.placeholder('nextHash')}, found.token_family, advanced.generation, ${nextExpiresAt}
        FROM found, advanced
        RETURNING id
      )
      SELECT found.token_family, found.user_id, found.name, found.email, found.email_verified, found.roles,
        found.revoked_at IS NOT NULL OR found.session_revoked_at IS NOT NULL OR found.outdated AS revoked,
        found.expires_at <= ${at} AS expired,
        EXISTS (SELECT 1 FROM replaced) AS claimed, found.waited,
        (extract(epoch FROM ${at} - coalesce(found.used_at, ${at})) * 1000)::float8 AS ms_since_first_use
      FROM found`,
    ),
    fromRotationRow,
  )

  const liveSessionOf = (userId: number, now: Date) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))
  const MOST_RECENT_FIRST = [desc(sessions.lastUsedAt), desc(sessions.createdAt), sessions.id]

  /**
   * Runs a revocation of several of the user's sessions with the user's row locked first (no key update:
   * a rotation's insert only needs its key share), so two such revocations queue there instead of
   * locking the user's sessions in two orders and deadlocking.
   */
  const asTheUser = <T>(on: Db, userId: number, revoke: (tx: Db) => Promise<T>): Promise<T> =>
    on.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
      return revoke(tx)
    })

  /**
   * Revokes the live sessions `which` selects, and stamps every token of theirs, in one transaction (a
   * savepoint inside the caller's). The UPDATE of the session rows waits for a rotation that holds one
   * of them and then sees its committed generation, compared here with the generation the statement
   * first saw: that tells a revocation that caught a rotation in flight. The tokens are stamped after
   * the session rows are locked, so that statement sees every token minted before the lock.
   */
  const revokeSessions = (on: Db, which: SQL | undefined, now: Date): Promise<Revocation> =>
    on.transaction(async (tx) => {
      const seen = alias(sessions, 'seen')
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .from(seen)
        .where(and(eq(seen.id, sessions.id), isNull(sessions.revokedAt), which))
        .returning({ id: sessions.id, caught: sql<boolean>`${sessions.generation} <> ${seen.generation}` })
      if (revoked.length > 0)
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(
            and(
              inArray(
                refreshTokens.tokenFamily,
                revoked.map((row) => row.id),
              ),
              isNull(refreshTokens.revokedAt),
            ),
          )
      return { sessions: revoked.length, caughtRotation: revoked.some((row) => row.caught) }
    })

  return {
    /**
     * Starts a session with its first token, in one statement (in the caller's transaction `on`, if
     * any), only while the user is live and its credential version is the one the login verified
     * (docs/contract.md, Credentials). The user's row is read with a share lock: a password change holds
     * the row while it moves the version and ends the older sessions, so this waits for it and then
     * finds the version moved, or goes first and has its session ended by it. False when not stored.
     */
    createSession: async (session: NewSession, on: Db = db): Promise<boolean> => {
      const startedAt = session.startedAt.toISOString()
      const expiresAt = session.expiresAt.toISOString()
      const rows = rowsOf(
        await on.execute(sql`
        WITH verified AS (
          SELECT id FROM users
          WHERE id = ${session.userId} AND credential_version = ${session.credentialVersion} AND deleted_at IS NULL
          FOR SHARE
        ), created AS (
          INSERT INTO sessions (id, user_id, credential_version, client_ip, user_agent, created_at, last_used_at,
            expires_at)
          SELECT ${session.id}, verified.id, ${session.credentialVersion}, ${session.clientIp}, ${session.userAgent},
            ${startedAt}::timestamptz, ${startedAt}::timestamptz, ${expiresAt}::timestamptz
          FROM verified
          RETURNING id
        )
        INSERT INTO refresh_tokens (user_id, token_hash, token_family, created_at, expires_at)
        SELECT ${session.userId}, ${session.tokenHash}, created.id, ${startedAt}::timestamptz, ${expiresAt}::timestamptz
        FROM created
        RETURNING id`),
      )
      return rows.length > 0
    },

    /** The user's sessions that can still be refreshed, the `limit` most recently used, newest first. */
    listActiveSessions: (userId: number, now: Date, limit: number): Promise<SessionRecord[]> =>
      db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          clientIp: sessions.clientIp,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(liveSessionOf(userId, now))
        .orderBy(...MOST_RECENT_FIRST)
        .limit(limit),

    /**
     * Revokes the user's live sessions past the `keep` most recently used, under the user's row lock
     * like every revocation of several sessions (in the caller's `on`, if any).
     */
    revokeAllButRecent: (userId: number, keep: number, now: Date, on: Db = db) =>
      asTheUser(on, userId, (tx) =>
        revokeSessions(
          tx,
          inArray(
            sessions.id,
            tx
              .select({ id: sessions.id })
              .from(sessions)
              .where(liveSessionOf(userId, now))
              .orderBy(...MOST_RECENT_FIRST)
              .offset(keep),
          ),
          now,
        ),
      ),

    /**
     * One rotation in one statement, so it needs no transaction and one round trip. It reads the token
     * with its live owner and locks its session's row, which serialises it with every other rotation
     * of the family and with every revocation (the lock returns the row's latest version, and `seen`,
     * not locked, the version the statement's snapshot had: they differ when a rotation committed while
     * this one waited); claims the token only if it and its session are live
     * (unused, unrevoked, unexpired); and, only if the claim succeeded, moves the session to the next
     * generation and stores the replacement. Of concurrent rotations of one token, the row locks let
     * exactly one claim match, and the others find `claimed` false. Undefined for an unknown token or
     * one whose owner was deleted.
     */
    rotate: (tokenHash: string, next: Replacement, now: Date): Promise<Rotation | undefined> =>
      rotation.one({
        tokenHash,
        at: now.toISOString(),
        sealed: next.sealed,
        nextHash: next.tokenHash,
        nextExpiresAt: next.expiresAt.toISOString(),
        clientIp: next.clientIp,
        userAgent: next.userAgent,
      }),

    /**
     * The sealed successor of a used token, when the token was first used after `usedAfter` and its
     * successor is still the session's live token (the session's generation has moved on by exactly
     * one, and it is neither revoked nor expired). The session's row is locked for the read, so a
     * rotation of the successor or a revocation in flight is waited for and seen.
     */
    sealedSuccessor: async (tokenHash: string, usedAfter: Date, now: Date): Promise<string | undefined> => {
      const [row] = await db
        .select({ sealed: refreshTokens.successorSealed })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.tokenFamily))
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            gt(refreshTokens.usedAt, usedAfter),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(sessions.generation, sql`${refreshTokens.generation} + 1`),
          ),
        )
        .for('no key update', { of: sessions })
      return row?.sealed ?? undefined
    },

    /** Reuse: revokes one session and every token of it. */
    revokeSession: (sessionId: string, now: Date) => revokeSessions(db, eq(sessions.id, sessionId), now),

    /** Signs one of the user's sessions out; `sessions` is 0 when the user has no such live session. */
    revokeSessionOfUser: (userId: number, sessionId: string, now: Date) =>
      revokeSessions(
        db,
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)),
        now,
      ),

    /**
     * Logout and deletion: revokes every session of the user; a password change keeps the caller's
     * (`except`). `on` is the caller's transaction, if any.
     */
    revokeAllForUser: (userId: number, now: Date, except: string | undefined, on: Db = db) =>
      asTheUser(on, userId, (tx) => {
        const ofUser = eq(sessions.userId, userId)
        return revokeSessions(tx, except === undefined ? ofUser : and(ofUser, ne(sessions.id, except)), now)
      }),

    /**
     * Gives a live session of the user a new token, as a rotation would but without presenting one: the
     * session moves to the next generation (and to the credential version given) under its row lock,
     * its live token is revoked (so no retry finds a sealed successor either) and the new one stored.
     * False when the session is not live.
     */
    renewSession: (
      userId: number,
      sessionId: string,
      credentialVersion: number,
      next: Replacement,
      now: Date,
      on: Db = db,
    ) =>
      on.transaction(async (tx) => {
        const [session] = await tx
          .update(sessions)
          .set({
            generation: sql`${sessions.generation} + 1`,
            credentialVersion,
            lastUsedAt: now,
            expiresAt: next.expiresAt,
            clientIp: next.clientIp,
            userAgent: next.userAgent,
          })
          .where(
            and(
              eq(sessions.id, sessionId),
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
            ),
          )
          .returning({ generation: sessions.generation })
        if (!session) return false
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.tokenFamily, sessionId), isNull(refreshTokens.revokedAt)))
        await tx.insert(refreshTokens).values({
          userId,
          tokenHash: next.tokenHash,
          tokenFamily: sessionId,
          generation: session.generation,
          expiresAt: next.expiresAt,
        })
        return true
      }),

    /**
     * Deletes one batch of dead sessions, with their tokens: those revoked or expired before the
     * cutoff. Sessions another instance is deleting, or a rotation holds, are skipped, so every instance
     * can run this at once. Returns the number of sessions deleted.
     */
    deleteDeadSessions: async (cutoff: Date, limit: number): Promise<number> => {
      const dead = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(sql`least(${sessions.revokedAt}, ${sessions.expiresAt}) < ${cutoff.toISOString()}::timestamptz`)
        .limit(limit)
        .for('update', { skipLocked: true })
      const deleted = await db.delete(sessions).where(inArray(sessions.id, dead)).returning({ id: sessions.id })
      return deleted.length
    },
  }
}

export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>
