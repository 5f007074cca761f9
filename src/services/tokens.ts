import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/client.js'
import { createRefreshTokensRepository } from '../db/repositories/refresh-tokens.js'
import type { AccessClaims } from '../plugins/auth.js'
import type { TokenPair } from '../schemas/auth.js'

/** What an access token says about its user. */
export interface TokenSubject {
  id: number
  name: string
  email: string
  roles: string[]
}

/** Why a refresh was refused. Callers all get the same 401; the reason goes to the log. */
export type RefreshFailure = 'unknown' | 'revoked' | 'expired' | 'reused'

export type RotationResult =
  | { ok: true; pair: TokenPair; userId: number }
  | { ok: false; reason: RefreshFailure; userId?: number; family?: string }

export interface TokenServiceOptions {
  db: Db
  sign: (claims: Omit<AccessClaims, 'iat' | 'exp'>, clockTimestamp: number) => string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** The wall clock; injectable so expiry is tested without sleeping. */
  now: () => Date
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Owns the refresh-token state machine of the spec: issue a new family at login and registration,
 * rotate a token exactly once, revoke a whole family on reuse, revoke everything at logout.
 */
export function createTokenService({ db, sign, accessTtlSeconds, refreshTtlSeconds, now }: TokenServiceOptions) {
  /** Stores a fresh refresh token in the family and signs an access token for the subject. */
  async function issue(subject: TokenSubject, tokenFamily: string, onDb: Db): Promise<TokenPair> {
    const issuedAt = now()
    const refreshToken = randomBytes(32).toString('hex')
    await createRefreshTokensRepository(onDb).insert({
      userId: subject.id,
      tokenHash: hashToken(refreshToken),
      tokenFamily,
      expiresAt: new Date(issuedAt.getTime() + refreshTtlSeconds * 1000),
    })
    const claims = {
      user_id: subject.id,
      sub: String(subject.id),
      email: subject.email,
      name: subject.name,
      roles: subject.roles,
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
    issueNewFamily: (subject: TokenSubject) => issue(subject, randomUUID(), db),

    /**
     * The spec's order of checks: unknown, revoked, expired, already used, then success. The claim is
     * atomic: of concurrent refreshes with one token exactly one wins, and every other one counts as
     * reuse. Reuse revokes the family inside the transaction, which commits: the caller answers 401
     * after the revocation is stored.
     */
    rotate: (refreshToken: string): Promise<RotationResult> =>
      db.transaction(async (tx) => {
        const tokens = createRefreshTokensRepository(tx)
        const at = now()
        const found = await tokens.findForRotation(hashToken(refreshToken))
        if (!found) return { ok: false, reason: 'unknown' }
        const context = { userId: found.user.id, family: found.tokenFamily }
        if (found.revokedAt) return { ok: false, reason: 'revoked', ...context }
        if (found.expiresAt <= at) return { ok: false, reason: 'expired', ...context }
        if (found.usedAt || !(await tokens.claim(found.id, at))) {
          await tokens.revokeFamily(found.tokenFamily, at)
          return { ok: false, reason: 'reused', ...context }
        }
        const pair = await issue(found.user, found.tokenFamily, tx)
        return { ok: true, pair, userId: found.user.id }
      }),

    /** Logout and deletion: every refresh token of the user stops working. */
    revokeAllForUser: (userId: number, onDb: Db = db) =>
      createRefreshTokensRepository(onDb).revokeAllForUser(userId, now()),
  }
}

export type TokenService = ReturnType<typeof createTokenService>
