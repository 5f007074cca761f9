import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/client.js'
import { createRefreshTokensRepository } from '../db/repositories/refresh-tokens.js'
import { publish } from '../events.js'
import type { AccessClaims } from '../plugins/auth.js'
import type { TokenPair } from '../schemas/auth.js'

/** What an access token says about its user. */
export interface TokenSubject {
  id: number
  name: string
  email: string
  roles: string[]
}

/** Where a request came from: stored with each refresh token, shown in the sessions list. */
export interface ClientInfo {
  ip: string | null
  userAgent: string | null
}

/** Why a refresh was refused. Callers all get the same 401; the reason goes to the log. */
export type RefreshFailure = 'unknown' | 'revoked' | 'expired' | 'reused'

export type RotationResult =
  | { ok: true; pair: TokenPair; userId: number }
  | { ok: false; reason: RefreshFailure; userId?: number; family?: string; msSinceFirstUse?: number }

export interface TokenServiceOptions {
  db: Db
  sign: (claims: Omit<AccessClaims, 'iat' | 'exp'>, issuedAtMs: number) => string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** The wall clock; injectable so expiry is tested without sleeping. */
  now: () => Date
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Column limits: an overlong user agent is cut, not refused. */
const clientColumns = (client: ClientInfo) => ({
  clientIp: client.ip?.slice(0, 64) ?? null,
  userAgent: client.userAgent?.slice(0, 512) ?? null,
})

/**
 * Owns the refresh-token state machine of the spec: issue a new family at login and registration,
 * rotate a token exactly once, revoke a whole family on reuse, revoke everything at logout.
 */
export function createTokenService({ db, sign, accessTtlSeconds, refreshTtlSeconds, now }: TokenServiceOptions) {
  const tokens = createRefreshTokensRepository(db)

  /** Starts a family: stores its first refresh token and signs an access token for the subject. */
  async function issue(subject: TokenSubject, tokenFamily: string, client: ClientInfo, onDb = db): Promise<TokenPair> {
    const issuedAt = now()
    const refreshToken = randomBytes(32).toString('hex')
    await (onDb === db ? tokens : createRefreshTokensRepository(onDb)).insert({
      userId: subject.id,
      tokenHash: hashToken(refreshToken),
      tokenFamily,
      expiresAt: new Date(issuedAt.getTime() + refreshTtlSeconds * 1000),
      ...clientColumns(client),
    })
    return pairFor(subject, tokenFamily, refreshToken, issuedAt)
  }

  function pairFor(subject: TokenSubject, tokenFamily: string, refreshToken: string, issuedAt: Date): TokenPair {
    const claims = {
      user_id: subject.id,
      sub: String(subject.id),
      email: subject.email,
      name: subject.name,
      roles: subject.roles,
      // The session (token family) the access token belongs to, so the sessions list can mark it current.
      sid: tokenFamily,
      jti: randomUUID(),
    }
    return {
      access_token: sign(claims, issuedAt.getTime()),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: accessTtlSeconds,
    }
  }

  return {
    /** Registration and login: every one starts a new token family. */
    issueNewFamily: (subject: TokenSubject, client: ClientInfo) => issue(subject, randomUUID(), client),

    /**
     * The spec's order of checks: unknown, revoked, expired, already used, then success. The claim is
     * atomic: of concurrent refreshes with one token exactly one wins, and every other one counts as
     * reuse. A reuse revokes the family before this returns, so the 401 goes out after the revocation
     * is stored.
     */
    rotate: async (refreshToken: string, client: ClientInfo): Promise<RotationResult> => {
      const at = now()
      const next = randomBytes(32).toString('hex')
      const found = await tokens.rotate(
        hashToken(refreshToken),
        {
          tokenHash: hashToken(next),
          expiresAt: new Date(at.getTime() + refreshTtlSeconds * 1000),
          ...clientColumns(client),
        },
        at,
      )
      if (!found) return { ok: false, reason: 'unknown' }
      const context = { userId: found.user.id, family: found.tokenFamily }
      if (found.revoked) return { ok: false, reason: 'revoked', ...context }
      if (found.expired) return { ok: false, reason: 'expired', ...context }
      if (!found.claimed) {
        // Reuse: the token was used before, or by a concurrent request that won the claim. The whole
        // family goes, the winner's new token included (its insert committed before this statement).
        await tokens.revokeFamily(found.tokenFamily, at)
        publish.familiesRevoked({ reason: 'reuse' })
        // How long after the first use the token came back tells a benign race from a replay.
        return { ok: false, reason: 'reused', ...context, msSinceFirstUse: found.msSinceFirstUse }
      }
      return { ok: true, pair: pairFor(found.user, found.tokenFamily, next, at), userId: found.user.id }
    },

    /** The user's sessions: token families that can still be refreshed. */
    listSessions: (userId: number) => tokens.listActiveFamilies(userId, now()),

    /** Signs one session out; false when the user has no such live session. */
    revokeSession: async (userId: number, sessionId: string) => {
      const revoked = await tokens.revokeFamilyOfUser(userId, sessionId, now())
      if (revoked) publish.familiesRevoked({ reason: 'session' })
      return revoked
    },

    /** Logout and deletion: every refresh token of the user stops working, inside `onDb`'s transaction if given. */
    revokeAllForUser: async (userId: number, reason: 'logout' | 'deletion', onDb: Db = db) => {
      await createRefreshTokensRepository(onDb).revokeAllForUser(userId, now())
      publish.familiesRevoked({ reason })
    },

    /**
     * A password change: every session of the subject ends but `sessionId`, which goes on with a fresh
     * pair (its previous refresh token stops working too, so only the caller holds a live one). When
     * that session is no longer live, the pair starts a new one. Inside `onDb`'s transaction if given.
     */
    keepOnlySession: async (subject: TokenSubject, sessionId: string, client: ClientInfo, onDb: Db = db) => {
      const liveSessions = await createRefreshTokensRepository(onDb).revokeAllForUser(subject.id, now())
      publish.familiesRevoked({ reason: 'password_change' })
      return issue(subject, liveSessions.has(sessionId) ? sessionId : randomUUID(), client, onDb)
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
