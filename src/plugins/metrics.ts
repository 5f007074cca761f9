import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { events, type PasswordHashEvent } from '../events.js'
import { MAIL_TEMPLATES } from '../mail/templates.js'
import {
  type AuditDropped,
  FACTOR_CHANGES,
  type LimitStoreFallback,
  type LoginOutcome,
  type RefreshOutcome,
  type Revoked,
} from '../services/security-events.js'

/** The route label of a request no route matched: the raw URL would give every probed path its own series. */
const UNMATCHED_ROUTE = 'unmatched'

/** bcrypt takes around a tenth of a second at the default cost 10 and doubles with each step; queueing adds. */
const PASSWORD_HASH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2]

/** Every value of a label union, checked complete by the compiler. */
const labelValues = <T extends string>(values: Record<T, true>) => Object.keys(values) as T[]

const LOGIN_RESULTS = labelValues<LoginOutcome['result']>({ success: true, failure: true })
const REFRESH_OUTCOMES = labelValues<RefreshOutcome['outcome']>({
  success: true,
  retried: true,
  unknown: true,
  revoked: true,
  expired: true,
  reused: true,
})
const REVOCATION_REASONS = labelValues<Revoked['reason']>({
  reuse: true,
  logout: true,
  deletion: true,
  session: true,
  password_change: true,
  password_reset: true,
})
const HASH_OPERATIONS = labelValues<PasswordHashEvent['operation']>({ hash: true, compare: true })
const LIMIT_STORES = labelValues<LimitStoreFallback['store']>({ rate_limit: true, login_throttle: true })
const AUDIT_DROP_REASONS = labelValues<AuditDropped['reason']>({ buffer_full: true, write_failed: true })

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when METRICS_ENABLED: the metrics' own listener, started once the API listens. */
    metrics: { listen(): Promise<string> }
  }
}

export interface MetricsOptions {
  /** METRICS_HOST and METRICS_PORT: where /metrics is served, never on the API's port. */
  host: string
  port: number
}

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

/**
 * Prometheus metrics in the text format at GET /metrics on a listener of its own (docs/contract.md,
 * "Operations"), so the API port never shows them and no route of the API or the OpenAPI document
 * names them: HTTP requests by method, route pattern and status, and the 429s among them; the security
 * events of this app's services (logins, refreshes, revocations, audit events lost, factor changes,
 * mails, limit stores fallen back to memory), heard from ready to close; the password-hash latency of
 * the process's pool; the process metrics. Each app has its own registry. Registered only when
 * METRICS_ENABLED is true.
 */
export default fp<MetricsOptions>(
  async (app, options) => {
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
      help: 'Refresh-token exchanges by outcome; reused means a spent token came back and its family was revoked, retried that it came back inside REFRESH_TOKEN_REUSE_INTERVAL and got its successor again.',
      labelNames: ['outcome'] as const,
      registers,
    })
    const revocations = new Counter({
      name: 'auth_token_revocations_total',
      help: 'Refresh-token revocations: one family on reuse or session sign-out, all of a user’s on logout or deletion; caught_rotation="true" when one waited for a rotation in flight and revoked the token it minted.',
      labelNames: ['reason', 'caught_rotation'] as const,
      registers,
    })
    const rateLimited = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 by the rate limiter or the login throttle, by route pattern.',
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
    const limitFallbacks = new Counter({
      name: 'limit_store_fallbacks_total',
      help: 'Outages of the shared limit store (Redis) during which this instance counted in its own memory, by limit (rate_limit or login_throttle).',
      labelNames: ['store'] as const,
      registers,
    })
    const limitFallbackActive = new Gauge({
      name: 'limit_store_fallback_active',
      help: '1 while the limit counts in this instance’s memory because its shared store (Redis) is unreachable, by limit.',
      labelNames: ['store'] as const,
      registers,
    })

    const factorChanges = new Counter({
      name: 'auth_mfa_changes_total',
      help: 'Changes to second factors, by change: a TOTP enrolment started, enabled or removed, a recovery code used, a passkey added, renamed or removed, every factor of a user removed by an administrator.',
      labelNames: ['change'] as const,
      registers,
    })

    const auditDropped = new Counter({
      name: 'audit_events_dropped_total',
      help: 'Audit events lost instead of delaying requests: the buffer was full, or the database refused the batch.',
      labelNames: ['reason'] as const,
      registers,
    })

    const mailsSent = new Counter({
      name: 'mail_sent_total',
      help: 'Mails of the outbox accepted by the SMTP server, by template.',
      labelNames: ['template'] as const,
      registers,
    })
    const mailsFailed = new Counter({
      name: 'mail_failed_total',
      help: 'Mails given up, by template: refused for good (5xx), or still unsent when their link expired.',
      labelNames: ['template'] as const,
      registers,
    })
    const outbox = app.repos.mailOutbox
    // Read from the database when scraped; a failed read leaves the last values rather than failing the scrape.
    let backlog: Promise<{ depth: number; oldest: Date | null } | undefined> | undefined
    const readBacklog = () => {
      backlog ??= outbox
        .backlog()
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'reading the mail outbox for the metrics failed')
          return undefined
        })
        .finally(() => {
          backlog = undefined
        })
      return backlog
    }
    new Gauge({
      name: 'mail_outbox_depth',
      help: 'Mails waiting in the outbox (shared by every instance: one instance’s value is the whole).',
      registers,
      async collect() {
        const read = await readBacklog()
        if (read) this.set(read.depth)
      },
    })
    new Gauge({
      name: 'mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest mail waiting in the outbox; 0 when none waits.',
      registers,
      async collect() {
        const read = await readBacklog()
        if (read) this.set(read.oldest ? Math.max(0, (Date.now() - read.oldest.getTime()) / 1000) : 0)
      },
    })

    // Known label values start at zero, so their series exist (and rate() works) before the first event.
    for (const result of LOGIN_RESULTS) logins.inc({ result }, 0)
    for (const outcome of REFRESH_OUTCOMES) refreshes.inc({ outcome }, 0)
    for (const reason of REVOCATION_REASONS)
      for (const caught_rotation of ['false', 'true']) revocations.inc({ reason, caught_rotation }, 0)
    for (const operation of HASH_OPERATIONS) passwordHashDuration.zero({ operation })
    for (const reason of AUDIT_DROP_REASONS) auditDropped.inc({ reason }, 0)
    for (const change of FACTOR_CHANGES) factorChanges.inc({ change }, 0)
    for (const template of MAIL_TEMPLATES) {
      mailsSent.inc({ template }, 0)
      mailsFailed.inc({ template }, 0)
    }
    for (const store of LIMIT_STORES) {
      limitFallbacks.inc({ store }, 0)
      limitFallbackActive.set({ store }, 0)
    }

    let unsubscribe = () => {}
    const observeHash = (message: unknown) => {
      const { operation, seconds } = message as PasswordHashEvent
      passwordHashDuration.observe({ operation }, seconds)
    }
    app.addHook('onReady', async () => {
      const stop = app.securityEvents.subscribe({
        login: ({ result }) => logins.inc({ result }),
        refresh: ({ outcome }) => refreshes.inc({ outcome }),
        revoked: ({ reason, caughtRotation }) => revocations.inc({ reason, caught_rotation: String(caughtRotation) }),
        auditDropped: ({ reason, count }) => auditDropped.inc({ reason }, count),
        factor: ({ change }) => factorChanges.inc({ change }),
        mail: ({ result, template }) => (result === 'sent' ? mailsSent : mailsFailed).inc({ template }),
        limitStoreFallback: ({ store, active }) => {
          if (active) limitFallbacks.inc({ store })
          limitFallbackActive.set({ store }, active ? 1 : 0)
        },
      })
      events.passwordHash.subscribe(observeHash)
      unsubscribe = () => {
        stop()
        events.passwordHash.unsubscribe(observeHash)
      }
    })
    app.addHook('onClose', async () => {
      unsubscribe()
      unsubscribe = () => {}
    })

    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      }
      requests.inc(labels)
      requestDuration.observe(labels, reply.elapsedTime / 1000)
      // The rate limiter's and the login throttle's refusals alike: every 429 is one.
      if (reply.statusCode === 429) rateLimited.inc({ route: labels.route })
      done()
    })

    const exposed = Registry.merge([register, processMetrics()])
    const listener = metricsListener(exposed, app.log)
    app.decorate('metrics', {
      listen: async () => {
        await new Promise<void>((resolve, reject) => {
          listener.once('error', reject)
          listener.listen(options.port, options.host, () => {
            listener.off('error', reject)
            resolve()
          })
        })
        const { address, port } = listener.address() as AddressInfo
        const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`
        app.log.info({ url }, `Metrics listening at ${url}`)
        return url
      },
    })
    app.addHook('onClose', async () => {
      if (!listener.listening) return
      listener.closeAllConnections()
      await new Promise((resolve) => listener.close(resolve))
    })
  },
  { name: 'metrics', dependencies: ['security-events', 'repositories'] },
)

/** GET /metrics and nothing else: a scraper's endpoint needs no framework, envelope or limiter. */
function metricsListener(exposed: Registry, log: FastifyBaseLogger): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the metrics are at GET /metrics\n')
      return
    }
    exposed.metrics().then(
      (text) => response.writeHead(200, { 'content-type': exposed.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'collecting the metrics failed')
        response.writeHead(500).end()
      },
    )
  })
}
