import type { Actor } from './actor.js'

/**
 * What happens to accounts, told by the services to whoever listens in the same app: the audit trail
 * and the metrics subscribe to their own app's recorder (plugins/security-events.ts), and the
 * administration tools to one of their own. Each service says what happened once, whichever route or
 * tool asked.
 */

/** Every type of event the audit trail records: the values of `type`, and of its list's filter. */
export const AUDIT_EVENT_TYPES = [
  'user.registered',
  'login.succeeded',
  'login.failed',
  'refresh.reused',
  'logout',
  'session.revoked',
  'password.changed',
  'password.change_failed',
  'user.read',
  'user.updated',
  'user.deleted',
  'users.listed',
  'role.granted',
  'role.revoked',
  'login.mfa_required',
  'mfa.verify_failed',
  'mfa.totp_enrolment_started',
  'mfa.totp_enabled',
  'mfa.totp_removed',
  'mfa.recovery_code_used',
  'mfa.reset',
  'mfa.passkey_added',
  'mfa.passkey_renamed',
  'mfa.passkey_removed',
  'password.reset_requested',
  'password.reset',
  'email.verified',
  'email.changed',
  'mail.failed',
] as const
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number]

export interface LoginOutcome {
  result: 'success' | 'failure'
  /** Why a login failed; the caller gets the same 401 either way. */
  reason?: 'unknown_email' | 'wrong_password' | 'wrong_code' | 'passkey_refused'
  userId?: number
  /** The email a failed login tried. */
  email?: string
  /**
   * A password check other than a login's (the current password of a change): a login failure to the
   * metrics, and to the audit trail the event of its own flow.
   */
  via?: 'password_change' | 'mfa_enrolment' | 'mfa_removal' | 'mfa_verify'
  /** A login that ended with a second factor: which one. */
  secondFactor?: 'totp' | 'recovery_code'
  /** A sign-in with a passkey instead of a password. */
  passkey?: boolean
}

/** docs/contract.md, Second factor: every change to a user's factors, each an audit event `mfa.<change>`. */
export const FACTOR_CHANGES = [
  'totp_enrolment_started',
  'totp_enabled',
  'totp_removed',
  'recovery_code_used',
  'reset',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
] as const
export type FactorChangeType = (typeof FACTOR_CHANGES)[number]

export interface FactorChange {
  change: FactorChangeType
  userId: number
  details?: Record<string, unknown>
}

export interface RefreshOutcome {
  /** `retried`: a token presented again inside REFRESH_TOKEN_REUSE_INTERVAL got its successor again. */
  outcome: 'success' | 'retried' | 'unknown' | 'revoked' | 'expired' | 'reused'
  userId?: number
  family?: string
  /** For a reuse: how long after the token's first use it came back (a race takes milliseconds). */
  msSinceFirstUse?: number
}

/** A security event with no metric of its own, for the audit trail. Details never hold a secret. */
export interface AccountEvent {
  type: Exclude<
    AuditEventType,
    'login.succeeded' | 'login.failed' | 'refresh.reused' | 'mail.failed' | `mfa.${FactorChangeType}`
  >
  /** Whom it concerns; null for an event about no one user (a list of users). */
  userId: number | null
  details?: Record<string, unknown>
}

export interface Revoked {
  reason: 'reuse' | 'logout' | 'deletion' | 'session' | 'password_change' | 'password_reset'
  /** The revocation waited for a rotation in flight and revoked the token it minted. */
  caughtRotation: boolean
}

/** Audit events lost: the buffer was full, or the database refused a batch. */
export interface AuditDropped {
  reason: 'buffer_full' | 'write_failed'
  count: number
}

/** A mail of the outbox sent, or given up (refused for good, or still unsent when its link expired). */
export interface MailOutcome {
  result: 'sent' | 'failed'
  template: string
  mailId: number
  /** The account the mail is about. */
  userId: number | null
  attempts: number
  /** Why it was given up: the server's reply or the connection's error, never the body. */
  reason?: string
}

/** A limit's shared store (Redis) failed and this instance counts in memory (`active`), or it is back. */
export interface LimitStoreFallback {
  store: 'rate_limit' | 'login_throttle'
  active: boolean
}

/** A listener: it implements the events it cares about. A sink must not throw. */
export interface SecuritySink {
  login?(event: LoginOutcome, actor: Actor): void
  refresh?(event: RefreshOutcome, actor: Actor): void
  account?(event: AccountEvent, actor: Actor): void
  factor?(event: FactorChange, actor: Actor): void
  revoked?(event: Revoked): void
  auditDropped?(event: AuditDropped): void
  limitStoreFallback?(event: LimitStoreFallback): void
  mail?(event: MailOutcome): void
}

/** One app's recorder of security events: the services record, the sinks subscribe. */
export function createSecurityEvents() {
  const sinks = new Set<SecuritySink>()
  return {
    /** Adds a sink; returns its removal. */
    subscribe(sink: SecuritySink): () => void {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
    login(event: LoginOutcome, actor: Actor) {
      for (const sink of sinks) sink.login?.(event, actor)
    },
    refresh(event: RefreshOutcome, actor: Actor) {
      for (const sink of sinks) sink.refresh?.(event, actor)
    },
    account(event: AccountEvent, actor: Actor) {
      for (const sink of sinks) sink.account?.(event, actor)
    },
    factor(event: FactorChange, actor: Actor) {
      for (const sink of sinks) sink.factor?.(event, actor)
    },
    revoked(event: Revoked) {
      for (const sink of sinks) sink.revoked?.(event)
    },
    auditDropped(event: AuditDropped) {
      for (const sink of sinks) sink.auditDropped?.(event)
    },
    limitStoreFallback(event: LimitStoreFallback) {
      for (const sink of sinks) sink.limitStoreFallback?.(event)
    },
    mail(event: MailOutcome) {
      for (const sink of sinks) sink.mail?.(event)
    },
  }
}

export type SecurityEvents = ReturnType<typeof createSecurityEvents>
