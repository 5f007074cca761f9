import { type Channel, channel } from 'node:diagnostics_channel'

/**
 * What happens in the account services, published on diagnostics channels: the services say what
 * happened once, and whoever cares (the metrics plugin) subscribes. Publishing with no subscriber
 * costs next to nothing.
 */
export interface LoginEvent {
  result: 'success' | 'failure'
}
export interface RefreshEvent {
  /** `retried`: a token presented again inside REFRESH_TOKEN_REUSE_INTERVAL got its successor again. */
  outcome: 'success' | 'retried' | 'unknown' | 'revoked' | 'expired' | 'reused'
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
}
