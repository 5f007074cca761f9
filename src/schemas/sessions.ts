import { type Static, Type } from '@sinclair/typebox'
import { CLIENT_IP_MAX, USER_AGENT_MAX } from '../limits.js'
import { Nullable, Text, Timestamp } from './common.js'

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
