import type { Revocation, SessionRecord } from '../../db/repositories/refresh-tokens.js'
import { AppError, ErrorCode, forbidden, Message, notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import type { IssuedTokens } from '../tokens.js'
import type { AccountDeps } from './index.js'

/** A refresh's new pair; `retry` when it was a retry inside REFRESH_TOKEN_REUSE_INTERVAL. */
export interface Refreshed {
  tokens: IssuedTokens
  retry?: { family: string; userId: number; msSinceFirstUse: number }
}

export function sessions({ tokens, events, settings }: AccountDeps) {
  return {
    /**
     * Exchanges a refresh token for a new pair (services/tokens.ts holds the state machine). Every
     * refusal is the same 401; its log fields say why, and for a reuse the family, the user, the client
     * and how long after the first use it came: a benign race takes milliseconds, a replayed stolen
     * token much longer.
     */
    refresh: async (refreshToken: string, actor: Actor): Promise<Refreshed> => {
      const result = await tokens.rotate(refreshToken, actor)
      if (result.ok && settings.verification === 'required' && !result.emailVerified)
        throw forbidden(Message.EMAIL_NOT_VERIFIED)
      if (result.ok)
        return result.retried
          ? {
              tokens: result.pair,
              retry: { family: result.family, userId: result.userId, msSinceFirstUse: result.msSinceFirstUse },
            }
          : { tokens: result.pair }
      throw new AppError(ErrorCode.UNAUTHORIZED, Message.INVALID_REFRESH_TOKEN, {
        logFields: {
          reason: result.reason,
          family: result.family,
          user_id: result.userId,
          ...(result.reason === 'reused'
            ? {
                user_agent: actor.userAgent,
                ms_since_first_use: result.msSinceFirstUse,
                caught_rotation: result.caughtRotation,
              }
            : {}),
        },
      })
    },

    /** The user's sessions that can still be refreshed, most recently used first. */
    listSessions: (userId: number): Promise<SessionRecord[]> => tokens.listSessions(userId),

    /** Signs the user out everywhere: every session ends. */
    logout: async (userId: number, actor: Actor): Promise<Revocation> => {
      const revocation = await tokens.revokeAllForUser(userId, 'logout')
      events.account({ type: 'logout', userId }, actor)
      return revocation
    },

    /** Signs one of the user's sessions out; a session that is not theirs, or not live, is not found. */
    signOutSession: async (userId: number, sessionId: string, actor: Actor): Promise<Revocation> => {
      const revocation = await tokens.revokeSession(userId, sessionId)
      if (revocation.sessions === 0) throw notFound(Message.SESSION_NOT_FOUND)
      events.account({ type: 'session.revoked', userId, details: { session_id: sessionId } }, actor)
      return revocation
    },
  }
}
