import { type Static, Type } from '@sinclair/typebox'
import type { AuditEventRecord } from '../db/repositories/audit-events.js'
import { CLIENT_IP_MAX, Id, Nullable, PAGE_QUERY, StringEnum, Text, Timestamp, USER_AGENT_MAX } from './common.js'

/**
 * Every type of event the audit trail records: the values of `type`, and of the list's filter. What
 * each one's `details` hold is described in the README.
 */
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
] as const
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number]

export const AuditEventSchema = Type.Object(
  {
    id: Id(),
    occurred_at: Timestamp,
    type: StringEnum(AUDIT_EVENT_TYPES),
    user_id: Nullable(Id({ description: 'Whom the event concerns' })),
    actor_id: Nullable(
      Id({
        description:
          'Who did it: the user of the access token the request carried; null for the administration tools and for requests without one (register, login, refresh)',
      }),
    ),
    client_ip: Nullable(Text(CLIENT_IP_MAX, { description: 'As the rate limiter sees it (TRUST_PROXY applies)' })),
    user_agent: Nullable(Text(USER_AGENT_MAX, { description: 'Cut to 512 characters' })),
    request_id: Nullable(Text(128, { description: 'The request’s X-Request-ID, as in the log; null from the tools' })),
    details: Type.Record(Type.String(), Type.Unknown(), {
      description: 'What the type adds (never a secret): e.g. the reason and attempted email of a failed login',
      example: { reason: 'wrong_password', email: 'ada@example.com' },
    }),
  },
  { $id: 'AuditEvent' },
)
export type AuditEvent = Static<typeof AuditEventSchema>

export const ListAuditEventsQuerySchema = Type.Object(
  {
    ...PAGE_QUERY,
    user_id: Type.Optional(Id({ description: 'Only events concerning this user' })),
    type: Type.Optional(StringEnum(AUDIT_EVENT_TYPES, { description: 'Only events of this type' })),
    since: Type.Optional(Text(64, { format: 'date-time', description: 'Only events at or after this time' })),
    until: Type.Optional(Text(64, { format: 'date-time', description: 'Only events before this time' })),
  },
  { additionalProperties: false },
)
/** The query once validation has filled in the defaults. */
export type ListAuditEventsQuery = Required<Pick<Static<typeof ListAuditEventsQuerySchema>, 'page' | 'per_page'>> &
  Static<typeof ListAuditEventsQuerySchema>

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
