import { ErrorEnvelopeSchema, MetaSchema, PageMetaSchema } from '../envelope.js'
import { AuditEventSchema } from './audit.js'
import { AcceptedSchema, AuthResultSchema, LogoutResultSchema, TokenPairSchema } from './auth.js'
import { CheckResultSchema, HealthSchema, ReadinessSchema } from './health.js'
import { SessionSchema } from './sessions.js'
import { TodoErrorSchema, TodoRateLimitedSchema, TodoSchema } from './todos.js'
import { UserSchema } from './users.js'

/**
 * The schemas with an `$id`: added to the app once, referenced by the routes with `Type.Ref`, and named
 * components in the OpenAPI document.
 */
export const SHARED_SCHEMAS = [
  MetaSchema,
  PageMetaSchema,
  ErrorEnvelopeSchema,
  UserSchema,
  TokenPairSchema,
  AuthResultSchema,
  LogoutResultSchema,
  AcceptedSchema,
  SessionSchema,
  AuditEventSchema,
  TodoSchema,
  TodoErrorSchema,
  TodoRateLimitedSchema,
  CheckResultSchema,
  HealthSchema,
  ReadinessSchema,
]
