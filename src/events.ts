import { type Channel, channel } from 'node:diagnostics_channel'
import type { AuditEventType } from './schemas/audit.js'

/**
 * What happens in the account services, published on diagnostics channels: the services say what
 * happened once, and whoever cares (the metrics and audit plugins) subscribes. Publishing with no
 * subscriber costs next to nothing.
 */

/**
 * The request an event happened in, as the audit trail reads it (a FastifyRequest is one). Passed
 * along rather than kept in an AsyncLocalStorage: on Node 20 that would put a hook on every promise
 * of every request. Read when the event is published, so `user` is whoever the request authenticated.
 */
export interface EventRequest {
  /** The Fastify instance (or an encapsulated child of it) that served the request. */
  server: object
  id: string
  ip: string
  headers: { 'user-agent'?: string }
  /** The access token's claims, on authenticated routes. */
  user?: { user_id: number } | null
}

export interface LoginEvent {
  result: 'success' | 'failure'
  /** Why a login failed; the caller gets the same 401 either way. */
  reason?: 'unknown_email' | 'wrong_password'
  userId?: number
  /** The email a failed login tried. */
  email?: string
  request?: EventRequest
}
export interface RefreshEvent {
  /** `retried`: a token presented again inside REFRESH_TOKEN_REUSE_INTERVAL got its successor again. */
  outcome: 'success' | 'retried' | 'unknown' | 'revoked' | 'expired' | 'reused'
  userId?: number
  family?: string
  /** For a reuse: how long after the token's first use it came back (a race takes milliseconds). */
  msSinceFirstUse?: number
  request?: EventRequest
}
/** A security event with no metric of its own, for the audit trail. Details never hold a secret. */
export interface AccountEvent {
  type: Exclude<AuditEventType, 'login.succeeded' | 'login.failed' | 'refresh.reused'>
  /** Whom it concerns; null for an event about no one user (a list of users). */
  userId: number | null
  details?: Record<string, unknown>
  request: EventRequest
}
/** Audit events lost: the buffer was full, or the database refused a batch. */
export interface AuditDroppedEvent {
  reason: 'buffer_full' | 'write_failed'
  count: number
}
export interface FamiliesRevokedEvent {
  reason: 'reuse' | 'logout' | 'deletion' | 'session' | 'password_change'
  /** The revocation waited for a rotation in flight and revoked the token it minted. */
  caughtRotation: boolean
}
export interface RateLimitedEvent {
  /** The route pattern; undefined when no route matched. */
  route: string | undefined
}
/** A limit's shared store (Redis) failed and this instance counts in memory (`active`), or it is back. */
export interface LimitStoreFallbackEvent {
  store: 'rate_limit' | 'login_throttle'
  active: boolean
}
export interface PasswordHashEvent {
  operation: 'hash' | 'compare'
  seconds: number
}

export const events = {
  login: channel('account-service:login'),
  refresh: channel('account-service:refresh'),
  familiesRevoked: channel('account-service:families-revoked'),
  rateLimited: channel('account-service:rate-limited'),
  passwordHash: channel('account-service:password-hash'),
  limitStoreFallback: channel('account-service:limit-store-fallback'),
  account: channel('account-service:account'),
  auditDropped: channel('account-service:audit-dropped'),
}

/** Publishes only when someone listens, so an event nobody counts costs one property read. */
const publisher =
  <T>(target: Channel) =>
  (event: T) => {
    if (target.hasSubscribers) target.publish(event)
  }

export const publish = {
  login: publisher<LoginEvent>(events.login),
  refresh: publisher<RefreshEvent>(events.refresh),
  familiesRevoked: publisher<FamiliesRevokedEvent>(events.familiesRevoked),
  rateLimited: publisher<RateLimitedEvent>(events.rateLimited),
  passwordHash: publisher<PasswordHashEvent>(events.passwordHash),
  limitStoreFallback: publisher<LimitStoreFallbackEvent>(events.limitStoreFallback),
  account: publisher<AccountEvent>(events.account),
  auditDropped: publisher<AuditDroppedEvent>(events.auditDropped),
}
