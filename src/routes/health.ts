import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { formatUptime } from '../duration.js'
import { type CheckResult, HealthSchema, type HealthStatus, ReadinessSchema } from '../schemas/health.js'
import { Sample, success, unlimited } from '../schemas/responses.js'
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

/** docs/contract.md, SERVER_SHUTDOWN_DELAY: the check that fails readiness while requests are still served. */
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
        description:
          'Runs the same checks as readiness without listing them; `status` is healthy, degraded or unhealthy.',
        security: [],
        response: unlimited({ 200: success(Type.Ref(HealthSchema), 'The overall status', Sample.health) }),
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
        description: 'Checks nothing but the process: always 200 `healthy`.',
        security: [],
        response: unlimited({ 200: success(Type.Ref(HealthSchema), 'The process runs', Sample.health) }),
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
        description:
          'The database check pings and runs `SELECT 1` within HEALTH_TIMEOUT: under 100 ms passes, up to 500 ms warns (degraded), slower or failing fails (unhealthy). `response_time` is `0s` when no connection could be made.',
        security: [],
        response: unlimited({
          200: success(Type.Ref(ReadinessSchema), 'Healthy or degraded: ready for traffic', {
            ...Sample.health,
            checks: [{ name: 'database', status: 'pass', response_time: '1.234ms', message: 'database is reachable' }],
          }),
          503: success(Type.Ref(ReadinessSchema), 'Unhealthy (or shutting down): take the instance out of rotation', {
            ...Sample.health,
            status: 'unhealthy',
            checks: [
              {
                name: 'database',
                status: 'fail',
                response_time: '0s',
                message: 'database connection could not be made',
              },
            ],
          }),
        }),
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
