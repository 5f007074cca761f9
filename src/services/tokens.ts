import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/client.js'
import type { RefreshTokensRepository, Revocation } from '../db/repositories/refresh-tokens.js'
import { MAX_SESSIONS } from '../limits.js'
import type { Actor } from './actor.js'
import { openSuccessor, sealSuccessor } from './sealed-successor.js'
import type { SecurityEvents } from './security-events.js'

/** What an access token says about its user. */
export interface TokenSubject {
  id: number
  name: string
  email: string
  emailVerified: boolean
  roles: string[]
}

/** What an access token carries besides `iat` and `exp`, which the signer adds. */
export interface TokenClaims {
  user_id: number
  sub: string
  email: string
  email_verified: boolean
  name: string
  roles: string[]
  /** The session (token family) the access token belongs to, so the sessions list can mark it current. */
  sid: string
  jti: string
}

/** A new pair: the access token, the refresh token that renews it, and the access token's lifetime. */
export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  expiresInSeconds: number
}

/** Why a refresh was refused. Callers all get the same 401; the reason goes to the log. */
export type RefreshFailure = 'unknown' | 'revoked' | 'expired' | 'reused'

export type RotationResult =
  | {
      ok: true
      pair: IssuedTokens
      userId: number
      family: string
      /** Whether the user's email is verified now, for EMAIL_VERIFICATION=required. */
      emailVerified: boolean
      /** A retry inside REFRESH_TOKEN_REUSE_INTERVAL: the pair carries the successor issued before. */
      retried: boolean
      msSinceFirstUse: number
    }
  | {
      ok: false
      reason: RefreshFailure
      userId?: number
      family?: string
      msSinceFirstUse?: number
      /** A reuse whose revocation waited for a rotation of the family in flight and revoked its new token. */
      caughtRotation?: boolean
    }

export interface TokenServiceOptions {
  tokens: RefreshTokensRepository
  sign: (claims: TokenClaims, issuedAtMs: number) => string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** docs/contract.md REFRESH_TOKEN_REUSE_INTERVAL: 0 is the spec's strict single use. */
  reuseIntervalMs: number
  /** The wall clock; injectable so expiry is tested without sleeping. */
  now: () => Date
  events: SecurityEvents
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Where the actor is, as a session keeps it (already cut to the columns). */
const clientColumns = (actor: Actor) => ({ clientIp: actor.ip, userAgent: actor.userAgent })

/**
 * Owns the refresh-token state machine of the spec: issue a new family (session) at login and
 * registration, rotate a token exactly once, revoke a whole family on reuse, revoke everything at
 * logout. Every change to a family is serialised on its session's row (see the repository).
 */
export function createTokenService({
  tokens,
  sign,
  accessTtlSeconds,
  refreshTtlSeconds,
  reuseIntervalMs,
  now,
  events,
}: TokenServiceOptions) {
  const expiryFrom = (at: Date) => new Date(at.getTime() + refreshTtlSeconds * 1000)

  /**
   * Starts a family: stores its session and first refresh token and signs an access token for the
   * subject. Undefined when `credentialVersion` is no longer the user's (a password change committed
   * since the login verified the password): no session is stored.
   */
  async function issue(
    subject: TokenSubject,
    credentialVersion: number,
    actor: Actor,
    on?: Db,
  ): Promise<IssuedTokens | undefined> {
    const issuedAt = now()
    const tokenFamily = randomUUID()
    const refreshToken = randomBytes(32).toString('hex')
    const session = {
      id: tokenFamily,
      userId: subject.id,
      credentialVersion,
      tokenHash: hashToken(refreshToken),
      startedAt: issuedAt,
      expiresAt: expiryFrom(issuedAt),
      ...clientColumns(actor),
    }
    if (!(await tokens.createSession(session, on))) return undefined
    await tokens.revokeAllButRecent(subject.id, MAX_SESSIONS, issuedAt, on)
    return pairFor(subject, tokenFamily, refreshToken, issuedAt)
  }

  function pairFor(subject: TokenSubject, tokenFamily: string, refreshToken: string, issuedAt: Date): IssuedTokens {
    const claims: TokenClaims = {
      user_id: subject.id,
      sub: String(subject.id),
      email: subject.email,
      email_verified: subject.emailVerified,
      name: subject.name,
      roles: subject.roles,
      sid: tokenFamily,
      jti: randomUUID(),
    }
    return { accessToken: sign(claims, issuedAt.getTime()), refreshToken, expiresInSeconds: accessTtlSeconds }
  }

  /**
   * docs/contract.md REFRESH_TOKEN_REUSE_INTERVAL: the successor of a token used less than the interval
   * ago, while the successor is still the family's live token, opened with the presented token.
   */
  async function successorWithinInterval(refreshToken: string, at: Date): Promise<string | undefined> {
    if (reuseIntervalMs <= 0) return undefined
    const sealed = await tokens.sealedSuccessor(hashToken(refreshToken), new Date(at.getTime() - reuseIntervalMs), at)
    return sealed === undefined ? undefined : openSuccessor(sealed, refreshToken)
  }

  /**
   * The spec's order of checks: unknown, revoked, expired, already used, then success. The claim is
   * atomic: of concurrent refreshes with one token exactly one wins, and every other one counts as
   * reuse (or, inside REFRESH_TOKEN_REUSE_INTERVAL, gets the winner's successor). A reuse revokes the
   * family before this returns, so the 401 goes out after the revocation is stored.
   */
  async function rotate(refreshToken: string, actor: Actor): Promise<RotationResult> {
    const at = now()
    const next = randomBytes(32).toString('hex')
    const found = await tokens.rotate(
      hashToken(refreshToken),
      {
        tokenHash: hashToken(next),
        expiresAt: expiryFrom(at),
        sealed: reuseIntervalMs > 0 ? sealSuccessor(next, refreshToken) : null,
        ...clientColumns(actor),
      },
      at,
    )
    if (!found) return { ok: false, reason: 'unknown' }
    const context = { userId: found.user.id, family: found.tokenFamily }
    if (found.revoked) return { ok: false, reason: 'revoked', ...context }
    if (found.expired) return { ok: false, reason: 'expired', ...context }
    if (found.claimed)
      return {
        ok: true,
        pair: pairFor(found.user, found.tokenFamily, next, at),
        ...context,
        emailVerified: found.user.emailVerified,
        retried: false,
        msSinceFirstUse: 0,
      }
    const successor = await successorWithinInterval(refreshToken, at)
    if (successor !== undefined)
      return {
        ok: true,
        pair: pairFor(found.user, found.tokenFamily, successor, at),
        ...context,
        emailVerified: found.user.emailVerified,
        retried: true,
        msSinceFirstUse: found.msSinceFirstUse,
      }
    // Reuse: the token was used before, or by a concurrent request that won the claim. The whole
    // family goes, the winner's new token included, and a rotation in flight is waited for.
    const revocation = await tokens.revokeSession(found.tokenFamily, at)
    // The rotation that made this a reuse may have been in flight when the token came: its new token
    // was minted concurrently, and is revoked here with the family.
    const caughtRotation = found.waitedForRotation || revocation.caughtRotation
    events.revoked({ reason: 'reuse', caughtRotation })
    // How long after the first use the token came back tells a benign race from a replay.
    return { ok: false, reason: 'reused', ...context, msSinceFirstUse: found.msSinceFirstUse, caughtRotation }
  }

  return {
    /**
     * Registration and login: every one starts a new token family, bound to the credential version
     * whose password was verified; undefined when that version is no longer current.
     */
    issueNewFamily: (subject: TokenSubject, credentialVersion: number, actor: Actor, on?: Db) =>
      issue(subject, credentialVersion, actor, on),

    /** A refresh (see `rotate` above), told to the metrics and the audit trail. */
    rotate: async (refreshToken: string, actor: Actor): Promise<RotationResult> => {
      const result = await rotate(refreshToken, actor)
      events.refresh(
        result.ok
          ? { outcome: result.retried ? 'retried' : 'success', userId: result.userId }
          : { ...result, outcome: result.reason },
        actor,
      )
      return result
    },

    /** The user's sessions: token families that can still be refreshed. */
    listSessions: (userId: number) => tokens.listActiveSessions(userId, now(), MAX_SESSIONS),

    /** Signs one session out; `sessions` is 0 when the user has no such live session. */
    revokeSession: async (userId: number, sessionId: string): Promise<Revocation> => {
      const revocation = await tokens.revokeSessionOfUser(userId, sessionId, now())
      if (revocation.sessions > 0) events.revoked({ reason: 'session', caughtRotation: revocation.caughtRotation })
      return revocation
    },

    /** Logout, deletion and a password reset: every refresh token of the user stops working, inside the transaction `on` if given. */
    revokeAllForUser: async (
      userId: number,
      reason: 'logout' | 'deletion' | 'password_reset',
      on?: Db,
    ): Promise<Revocation> => {
      const revocation = await tokens.revokeAllForUser(userId, now(), undefined, on)
      events.revoked({ reason, caughtRotation: revocation.caughtRotation })
      return revocation
    },

    /**
     * A password change, inside its transaction `on`, after it moved the user to `credentialVersion`:
     * every session of the subject ends but `sessionId`, which goes on with a fresh pair of the new
     * version (its previous refresh token stops working too, so only the caller holds a live one). When
     * that session is no longer live, the pair starts a new one.
     */
    keepOnlySession: async (
      subject: TokenSubject,
      credentialVersion: number,
      sessionId: string,
      actor: Actor,
      on: Db,
    ): Promise<IssuedTokens> => {
      const at = now()
      const revocation = await tokens.revokeAllForUser(subject.id, at, sessionId, on)
      if (revocation.sessions > 0)
        events.revoked({ reason: 'password_change', caughtRotation: revocation.caughtRotation })
      const refreshToken = randomBytes(32).toString('hex')
      const next = {
        tokenHash: hashToken(refreshToken),
        expiresAt: expiryFrom(at),
        sealed: null,
        ...clientColumns(actor),
      }
      if (await tokens.renewSession(subject.id, sessionId, credentialVersion, next, at, on))
        return pairFor(subject, sessionId, refreshToken, at)
      const pair = await issue(subject, credentialVersion, actor, on)
      // The transaction holds the user's row at this version: the session cannot have been refused.
      if (!pair) throw new Error('a password change could not start its session')
      return pair
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
