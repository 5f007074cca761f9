import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { formatUptime } from '../duration.js'
import { type CheckResult, HealthSchema, type HealthStatus, ReadinessSchema } from '../schemas/health.js'
import { checkDatabase, overallStatus } from '../services/health.js'

export interface HealthOptions {
  version: string
  timeoutMs: number
  databaseCheckEnabled: boolean
  ping: () => Promise<void>
  /** True once SIGTERM arrived: readiness fails so the load balancer moves traffic away first. */
  shuttingDown: () => boolean
  /** Monotonic milliseconds, injectable for the latency tests. */
  now: () => number
}

/** decisions.md, SERVER_SHUTDOWN_DELAY: the check that fails readiness while requests are still served. */
const SHUTTING_DOWN: CheckResult = {
  name: 'shutdown',
  status: 'fail',
  response_time: '0s',
  message: 'the instance is shutting down: send new requests elsewhere',
}

/** The three unauthenticated probes. No envelope; exempt from the rate limiter. */
const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  const startedAt = Date.now()
  // Exempt from the limiter, and from the request deadline: HEALTH_TIMEOUT bounds the checks.
  const config = { rateLimit: false, deadline: false } as const

  const runChecks = async (): Promise<CheckResult[]> => [
    ...(options.shuttingDown() ? [SHUTTING_DOWN] : []),
    ...(options.databaseCheckEnabled
      ? [await checkDatabase({ ping: options.ping, timeoutMs: options.timeoutMs, now: options.now })]
      : []),
  ]

  const body = (status: HealthStatus) => ({
    status,
    version: options.version,
    timestamp: new Date().toISOString(),
    uptime: formatUptime(Date.now() - startedAt),
  })

  app.get(
    '/health',
    {
      config,
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Overall health (always 200; the status says how it is)',
        security: [],
        response: { 200: Type.Ref(HealthSchema) },
      },
    },
    async () => body(overallStatus(await runChecks())),
  )

  app.get(
    '/health/live',
    {
      config,
      schema: {
        tags: ['health'],
        operationId: 'getLiveness',
        summary: 'Liveness: healthy while the process runs',
        security: [],
        response: { 200: Type.Ref(HealthSchema) },
      },
    },
    async () => body('healthy'),
  )

  app.get(
    '/health/ready',
    {
      config,
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Readiness with dependency checks: 503 when unhealthy',
        security: [],
        response: { 200: Type.Ref(ReadinessSchema), 503: Type.Ref(ReadinessSchema) },
      },
    },
    async (_request, reply) => {
      const checks = await runChecks()
      const status = overallStatus(checks)
      return reply.status(status === 'unhealthy' ? 503 : 200).send({ ...body(status), checks })
    },
  )
}

export default healthRoutes
