import { type Static, Type } from '@sinclair/typebox'
import { CLIENT_IP_MAX, USER_AGENT_MAX } from '../limits.js'
import { AUDIT_EVENT_TYPES } from '../services/security-events.js'
import { Id, Nullable, PAGE_QUERY, StringEnum, Text, Timestamp } from './common.js'

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
