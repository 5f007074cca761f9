import { type Channel, channel } from 'node:diagnostics_channel'

/**
 * Process-level facts with no app of their own, published on diagnostics channels: the password-hash
 * pool is shared by every app of a process (tests share one), so its timings are the process's. What
 * happens to accounts is told to each app's own recorder instead (services/security-events.ts).
 */

export interface PasswordHashEvent {
  operation: 'hash' | 'compare'
  seconds: number
}

export const events = {
  passwordHash: channel('account-service:password-hash'),
}

/** Publishes only when someone listens, so an event nobody counts costs one property read. */
const publisher =
  <T>(target: Channel) =>
  (event: T) => {
    if (target.hasSubscribers) target.publish(event)
  }

export const publish = {
  passwordHash: publisher<PasswordHashEvent>(events.passwordHash),
}
