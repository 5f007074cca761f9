import { channel } from 'node:diagnostics_channel'

/**
 * What happens in the account services, published on diagnostics channels: the services say what
 * happened once, and whoever cares (the metrics plugin) subscribes. Publishing with no subscriber
 * costs next to nothing.
 */
export interface LoginEvent {
  result: 'success' | 'failure'
}
export interface RefreshEvent {
  outcome: 'success' | 'unknown' | 'revoked' | 'expired' | 'reused'
}
export interface FamiliesRevokedEvent {
  reason: 'reuse' | 'logout' | 'deletion' | 'session'
}
export interface RateLimitedEvent {
  route: string
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

export const publish = {
  login: (event: LoginEvent) => events.login.hasSubscribers && events.login.publish(event),
  refresh: (event: RefreshEvent) => events.refresh.hasSubscribers && events.refresh.publish(event),
  familiesRevoked: (event: FamiliesRevokedEvent) =>
    events.familiesRevoked.hasSubscribers && events.familiesRevoked.publish(event),
  rateLimited: (event: RateLimitedEvent) => events.rateLimited.hasSubscribers && events.rateLimited.publish(event),
  passwordHash: (event: PasswordHashEvent) => events.passwordHash.hasSubscribers && events.passwordHash.publish(event),
}
