import { type Channel, subscribe, unsubscribe } from 'node:diagnostics_channel'
import fp from 'fastify-plugin'
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import {
  events,
  type FamiliesRevokedEvent,
  type LoginEvent,
  type PasswordHashEvent,
  type RateLimitedEvent,
  type RefreshEvent,
} from '../events.js'

/** The route label of a request no route matched: the raw URL would give every probed path its own series. */
const UNMATCHED_ROUTE = 'unmatched'

/** bcrypt takes around a tenth of a second at the default cost 10 and doubles with each step; queueing adds. */
const PASSWORD_HASH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2]

/** Every value of a label union, checked complete by the compiler. */
const labelValues = <T extends string>(values: Record<T, true>) => Object.keys(values) as T[]

const LOGIN_RESULTS = labelValues<LoginEvent['result']>({ success: true, failure: true })
const REFRESH_OUTCOMES = labelValues<RefreshEvent['outcome']>({
  success: true,
  unknown: true,
  revoked: true,
  expired: true,
  reused: true,
})
const REVOCATION_REASONS = labelValues<FamiliesRevokedEvent['reason']>({
  reuse: true,
  logout: true,
  deletion: true,
  session: true,
})
const HASH_OPERATIONS = labelValues<PasswordHashEvent['operation']>({ hash: true, compare: true })

let processRegistry: Registry | undefined

/**
 * The Node.js process metrics, collected once per process and shared by every app in it: prom-client
 * starts an event-loop delay sampler and a garbage-collection observer for them that it offers no way to
 * stop, so one set per app would pile up in a process that builds many apps. Neither keeps the process
 * alive; everything else is read only when scraped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** Subscribes to one event channel and returns the unsubscription. */
function listen<T>(channel: Channel, onEvent: (event: T) => void): () => void {
  const listener = (message: unknown) => onEvent(message as T)
  subscribe(channel.name, listener)
  return () => unsubscribe(channel.name, listener)
}

/**
 * Prometheus metrics at GET /metrics, in the text format: HTTP requests by method, route pattern and
 * status; the account events the services publish (logins, refreshes, revocations, rate-limit
 * rejections, password-hash latency); the process metrics. Each app has its own registry, and listens to
 * the event channels only from ready to close. The channels are process-wide: two apps serving at once in
 * one process would each count the other's events too. Registered only when METRICS_ENABLED is true,
 * and after the swagger plugin, so that the route is documented (the hook reaches every route anyway).
 */
export default fp(
  async (app) => {
    const register = new Registry()
    const registers = [register]

    const httpLabels = ['method', 'route', 'status_code'] as const
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: httpLabels,
      registers,
    })
    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by method, route pattern and status code.',
      labelNames: httpLabels,
      registers,
    })
    const logins = new Counter({
      name: 'auth_logins_total',
      help: 'Logins that reached the password check, by result; an unknown email is a failure too.',
      labelNames: ['result'] as const,
      registers,
    })
    const refreshes = new Counter({
      name: 'auth_refreshes_total',
      help: 'Refresh-token exchanges by outcome; reused means a spent token came back and its family was revoked.',
      labelNames: ['outcome'] as const,
      registers,
    })
    const revocations = new Counter({
      name: 'auth_token_revocations_total',
      help: 'Refresh-token revocations: one family on reuse or session sign-out, all of a user’s on logout or deletion.',
      labelNames: ['reason'] as const,
      registers,
    })
    const rateLimited = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 by the rate limiter, by route pattern.',
      labelNames: ['route'] as const,
      registers,
    })
    const passwordHashDuration = new Histogram({
      name: 'password_hash_duration_seconds',
      help: 'bcrypt work by operation (hash or compare), waiting for a worker thread included.',
      labelNames: ['operation'] as const,
      buckets: PASSWORD_HASH_BUCKETS,
      registers,
    })

    // Known label values start at zero, so their series exist (and rate() works) before the first event.
    for (const result of LOGIN_RESULTS) logins.inc({ result }, 0)
    for (const outcome of REFRESH_OUTCOMES) refreshes.inc({ outcome }, 0)
    for (const reason of REVOCATION_REASONS) revocations.inc({ reason }, 0)
    for (const operation of HASH_OPERATIONS) passwordHashDuration.zero({ operation })

    let unsubscribes: (() => void)[] = []
    app.addHook('onReady', async () => {
      unsubscribes = [
        listen<LoginEvent>(events.login, ({ result }) => logins.inc({ result })),
        listen<RefreshEvent>(events.refresh, ({ outcome }) => refreshes.inc({ outcome })),
        listen<FamiliesRevokedEvent>(events.familiesRevoked, ({ reason }) => revocations.inc({ reason })),
        listen<RateLimitedEvent>(events.rateLimited, ({ route }) =>
          rateLimited.inc({ route: route ?? UNMATCHED_ROUTE }),
        ),
        listen<PasswordHashEvent>(events.passwordHash, ({ operation, seconds }) =>
          passwordHashDuration.observe({ operation }, seconds),
        ),
      ]
    })
    app.addHook('onClose', async () => {
      for (const stop of unsubscribes) stop()
      unsubscribes = []
    })

    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      }
      requests.inc(labels)
      requestDuration.observe(labels, reply.elapsedTime / 1000)
      done()
    })

    const exposed = Registry.merge([register, processMetrics()])
    app.get(
      '/metrics',
      {
        // A scraper polls on a schedule from one address; limiting it would leave gaps in every series.
        config: { rateLimit: false },
        // decisions.md: never in the public OpenAPI document.
        schema: { hide: true },
      },
      async (_request, reply) => reply.type(exposed.contentType).send(await exposed.metrics()),
    )
  },
  { name: 'metrics', dependencies: ['swagger'] },
)
