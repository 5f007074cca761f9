import { type Static, Type } from '@sinclair/typebox'
import { Timestamp } from './common.js'

export const HealthStatusSchema = Type.Union([
  Type.Literal('healthy'),
  Type.Literal('degraded'),
  Type.Literal('unhealthy'),
])
export type HealthStatus = Static<typeof HealthStatusSchema>

export const CheckResultSchema = Type.Object(
  {
    name: Type.String({ example: 'database' }),
    status: Type.Union([Type.Literal('pass'), Type.Literal('warn'), Type.Literal('fail')]),
    response_time: Type.String({ example: '1.234ms', description: '`0s` when no connection could be made' }),
    message: Type.String(),
  },
  { $id: 'CheckResult' },
)
export type CheckResult = Static<typeof CheckResultSchema>

const healthFields = {
  status: HealthStatusSchema,
  version: Type.String({ example: '1.0.0' }),
  timestamp: Timestamp,
  uptime: Type.String({ example: '3h 25m 10s' }),
}

export const HealthSchema = Type.Object(healthFields, { $id: 'Health' })
export const ReadinessSchema = Type.Object(
  { ...healthFields, checks: Type.Array(Type.Ref(CheckResultSchema)) },
  { $id: 'Readiness' },
)
export type Health = Static<typeof HealthSchema>
export type Readiness = Static<typeof ReadinessSchema>
