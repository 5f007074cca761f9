import { type Static, Type } from '@sinclair/typebox'
import type { SessionRecord } from '../db/repositories/refresh-tokens.js'
import { CLIENT_IP_MAX, Nullable, Text, Timestamp, USER_AGENT_MAX } from './common.js'

/**
 * The most live sessions a user has: a login past it ends the least recently used one, so the sessions
 * (and their list) stay bounded however often a client logs in without logging out.
 */
export const MAX_SESSIONS = 100

export const SessionSchema = Type.Object(
  {
    id: Text(36, { format: 'uuid', description: 'The session: one login’s chain of refresh tokens' }),
    created_at: Timestamp,
    last_used_at: Type.String({ ...Timestamp, description: 'The last login or refresh of the session' }),
    client_ip: Nullable(Text(CLIENT_IP_MAX, { description: 'Where the last login or refresh came from' })),
    user_agent: Nullable(Text(USER_AGENT_MAX, { description: 'Cut to 512 characters' })),
    current: Type.Boolean({ description: 'True for the session of the access token making this request' }),
  },
  { $id: 'Session' },
)
export type Session = Static<typeof SessionSchema>

/**
 * A plain UUID only: Ajv's `uuid` format also accepts the `urn:uuid:` form, which the database's uuid
 * type refuses, so such an id reached the query and failed there as a 500.
 */
export const SessionParamsSchema = Type.Object({
  id: Type.String({
    maxLength: 36,
    pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
    description: 'A session id: a UUID such as 0b6f3a52-7d1e-4c39-9a0e-2f6d1c8b5e47',
  }),
})

export const toSession = (session: SessionRecord, currentId: string | undefined): Session => ({
  id: session.id,
  created_at: session.createdAt.toISOString(),
  last_used_at: session.lastUsedAt.toISOString(),
  client_ip: session.clientIp,
  user_agent: session.userAgent,
  current: session.id === currentId,
})
