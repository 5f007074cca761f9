import {
  ErrorEnvelopeSchema,
  MetaSchema,
  PageMetaSchema,
  RateLimitDetailsSchema,
  RateLimitedEnvelopeSchema,
} from '../envelope.js'
import { AuditEventSchema } from './audit.js'
import { AcceptedSchema, AuthResultSchema, LoginSessionSchema, LogoutResultSchema, TokenPairSchema } from './auth.js'
import { CheckResultSchema, HealthSchema, ReadinessSchema } from './health.js'
import { MfaChallengeSchema, RecoveryCodesSchema, SecondFactorStatusSchema, TotpEnrolmentSchema } from './mfa.js'
import { PasskeyCreationOptionsSchema, PasskeyRequestOptionsSchema, PasskeySchema } from './passkeys.js'
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
  RateLimitDetailsSchema,
  RateLimitedEnvelopeSchema,
  UserSchema,
  TokenPairSchema,
  AuthResultSchema,
  LoginSessionSchema,
  MfaChallengeSchema,
  LogoutResultSchema,
  AcceptedSchema,
  SessionSchema,
  SecondFactorStatusSchema,
  TotpEnrolmentSchema,
  RecoveryCodesSchema,
  PasskeySchema,
  PasskeyCreationOptionsSchema,
  PasskeyRequestOptionsSchema,
  AuditEventSchema,
  TodoSchema,
  TodoErrorSchema,
  TodoRateLimitedSchema,
  CheckResultSchema,
  HealthSchema,
  ReadinessSchema,
]
