/**
 * What the services return, in the contract's shapes (schemas/): the one place each resource's wire
 * form is written, so nothing stored that the contract leaves out (a password hash) can reach a reply.
 */
import type { AuditEvent } from '../schemas/audit.js'
import type { AuthResult, LoginSession, TokenPair } from '../schemas/auth.js'
import type { MfaChallenge, SecondFactorStatus } from '../schemas/mfa.js'
import type { Passkey } from '../schemas/passkeys.js'
import type { Session } from '../schemas/sessions.js'
import type { Todo } from '../schemas/todos.js'
import type { User } from '../schemas/users.js'
import type { IssuedTokens, Revocation, SessionRecord, UserRecord } from '../services/accounts/index.js'
import { type LoginResult, needsSecondFactor } from '../services/accounts/mfa-login.js'
import type { PasskeyRecord } from '../services/accounts/passkeys.js'
import type { SecondFactorStatus as FactorStatusRecord } from '../services/accounts/second-factor.js'
import type { AuditEventRecord } from '../services/audit-trail.js'
import type { AuditEventType } from '../services/security-events.js'
import type { ListedTodo, TodoRecord } from '../services/todos.js'

/** A timestamp as the API writes it; a record read raw has the text already. */
const timestampText = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString())

/** The public shape of a user: never the password hash. */
export const toPublicUser = (user: UserRecord): User => ({
  id: user.id,
  name: user.name,
  email: user.email,
  email_verified: user.emailVerified,
  roles: user.roles,
  created_at: timestampText(user.createdAt),
  updated_at: timestampText(user.updatedAt),
})

export const toTokenPair = (tokens: IssuedTokens): TokenPair => ({
  access_token: tokens.accessToken,
  refresh_token: tokens.refreshToken,
  token_type: 'Bearer',
  expires_in: tokens.expiresInSeconds,
})

/** A new session's answer: its token pair and the user's public shape. */
export const toAuthResult = ({ user, tokens }: { user: UserRecord; tokens: IssuedTokens }): AuthResult => ({
  ...toTokenPair(tokens),
  user: toPublicUser(user),
})

/** A login's answer: its session, or the challenge for a second factor; `mfa_required` tells which. */
export const toLoginAnswer = (result: LoginResult): LoginSession | MfaChallenge =>
  needsSecondFactor(result)
    ? { mfa_required: true, mfa_token: result.mfaToken, methods: result.methods, expires_in: result.expiresInSeconds }
    : toLoginSession(result)

/** A completed login's answer: the session, and `mfa_required: false`. */
export const toLoginSession = (signedIn: { user: UserRecord; tokens: IssuedTokens }): LoginSession => ({
  ...toAuthResult(signedIn),
  mfa_required: false,
})

export const toSecondFactorStatus = (status: FactorStatusRecord): SecondFactorStatus => ({
  totp: status.totp,
  recovery_codes_left: status.recoveryCodesLeft,
  passkeys: status.passkeys,
})

/** A passkey as its owner sees it: never its key or user handle. */
export const toPasskey = (passkey: PasskeyRecord): Passkey => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
  backed_up: passkey.backedUp,
  transports: passkey.transports,
})

export const toSession = (session: SessionRecord, currentId: string | undefined): Session => ({
  id: session.id,
  created_at: session.createdAt.toISOString(),
  last_used_at: session.lastUsedAt.toISOString(),
  client_ip: session.clientIp,
  user_agent: session.userAgent,
  current: session.id === currentId,
})

/**
 * A listed todo has its timestamps' text already, as PostgreSQL wrote them. A short list's todos are
 * written in this same form by PostgreSQL itself (`listJsonStatement` in db/repositories/todos.ts): a
 * change here goes there too, and test/routes/todos.test.ts fails until it does.
 */
export const toTodo = (todo: TodoRecord | ListedTodo): Todo => ({
  id: todo.id,
  title: todo.title,
  description: todo.description,
  completed: todo.completed,
  user_id: todo.userId,
  created_at: timestampText(todo.createdAt),
  updated_at: timestampText(todo.updatedAt),
})

export const toAuditEvent = (event: AuditEventRecord): AuditEvent => ({
  id: event.id,
  occurred_at: event.occurredAt.toISOString(),
  type: event.type as AuditEventType,
  user_id: event.userId,
  actor_id: event.actorId,
  client_ip: event.clientIp,
  user_agent: event.userAgent,
  request_id: event.requestId,
  details: event.details,
})

/** A revocation on its request's log line: what was revoked, and whether it caught a rotation in flight. */
export const revocationLogFields = (reason: 'logout' | 'deletion' | 'session', revocation: Revocation) => ({
  revoked: { reason, sessions: revocation.sessions, caught_rotation: revocation.caughtRotation },
})
