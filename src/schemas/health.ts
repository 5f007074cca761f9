import { type Static, Type } from '@sinclair/typebox'
import { StringEnum, Text, Timestamp } from './common.js'

export const HealthStatusSchema = StringEnum(['healthy', 'degraded', 'unhealthy'])
export type HealthStatus = Static<typeof HealthStatusSchema>

export const CheckResultSchema = Type.Object(
  {
    name: StringEnum(['database', 'shutdown'], {
      description: '`database`; `shutdown` fails readiness while the instance drains (SERVER_SHUTDOWN_DELAY)',
    }),
    status: StringEnum(['pass', 'warn', 'fail']),
    response_time: Text(32, { example: '1.234ms', description: '`0s` when no connection could be made' }),
    message: Text(256),
  },
  { $id: 'CheckResult' },
)
export type CheckResult = Static<typeof CheckResultSchema>

const healthFields = {
  status: HealthStatusSchema,
  version: Text(64, { example: '1.0.0' }),
  timestamp: Timestamp,
  uptime: Text(64, { example: '3h 25m 10s' }),
}

export const HealthSchema = Type.Object(healthFields, { $id: 'Health' })
export const ReadinessSchema = Type.Object(
  { ...healthFields, checks: Type.Array(Type.Ref(CheckResultSchema), { maxItems: 2 }) },
  { $id: 'Readiness' },
)
export type Health = Static<typeof HealthSchema>
export type Readiness = Static<typeof ReadinessSchema>
