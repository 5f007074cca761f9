import type { Socket } from 'node:net'
import cors from '@fastify/cors'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type ConnectionError, type FastifyInstance, LogController } from 'fastify'
import { answerClientError } from './client-errors.js'
import { CompileLater } from './compile-later.js'
import type { Config } from './config.js'
import { createDatabase, type Database } from './db/client.js'
import type { DataDir } from './db/pglite-data-dir.js'
import { toAppError } from './errors.js'
import { fastifyTrustProxy, keepPeerAddress } from './peer-address.js'
import accountsPlugin from './plugins/accounts.js'
import auditPlugin from './plugins/audit.js'
import authPlugin from './plugins/auth.js'
import dbPlugin from './plugins/db.js'
import deadlinePlugin from './plugins/deadline.js'
import envelopePlugin, { sendError } from './plugins/envelope.js'
import housekeepingPlugin from './plugins/housekeeping.js'
import loginThrottlePlugin from './plugins/login-throttle.js'
import mailPlugin from './plugins/mail.js'
import metricsPlugin from './plugins/metrics.js'
import passwordsPlugin from './plugins/passwords.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import repositoriesPlugin from './plugins/repositories.js'
import requestLogPlugin, { requestId, writeRequestLine } from './plugins/request-log.js'
import securityEventsPlugin from './plugins/security-events.js'
import securityHeadersPlugin from './plugins/security-headers.js'
import swaggerPlugin from './plugins/swagger.js'
import todosPlugin from './plugins/todos.js'
import tokensPlugin from './plugins/tokens.js'
import { requestLogger } from './request-logger.js'
import accountPages from './routes/account-pages.js'
import auditRoutes from './routes/audit.js'
import authRoutes from './routes/auth.js'
import healthRoutes from './routes/health.js'
import jwksRoutes from './routes/jwks.js'
import mfaRoutes from './routes/mfa.js'
import passkeyRoutes from './routes/passkeys.js'
import sessionRoutes from './routes/sessions.js'
import todoRoutes from './routes/todos.js'
import userRoutes from './routes/users.js'
import { BODY_LIMIT } from './schemas/common.js'
import { SHARED_SCHEMAS } from './schemas/index.js'
import { sharedSerializers } from './serialization.js'
import type { PasswordHasher } from './services/passwords.js'
import { type AccessTokenKeys, jwksOf, loadAccessTokenKeys } from './services/signing-keys.js'
import { validatorCompilerFor } from './validation.js'

export interface AppOptions {
  config: Config
  /**
   * Defaults to the database the config names, which the app then closes with itself. A database
   * passed in stays open: its owner (a test sharing one across apps) closes it.
   */
  database?: Database
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void }
  /**
   * The embedded database's data directory, already opened: the server opens it before it loads the
   * app, so a first start's copy of the template goes on meanwhile.
   */
  pgliteDirectory?: DataDir
  /** Replaces the readiness probe's database ping (tests inject slow or failing checks). */
  databasePing?: () => Promise<void>
  /** A bcrypt pool to use instead of starting one (tests share one across apps). */
  passwords?: PasswordHasher
  /** The wall clock for refresh-token lifetimes, the limiter and housekeeping; tests move it instead of sleeping. */
  clock?: () => Date
  /** Monotonic milliseconds for measuring check latency. */
  monotonicNow?: () => number
  /** Most audit events waiting to be written before more are dropped (tests make it small). */
  auditBufferLimit?: number
  /** `npm run dev` without SMTP_URL: mails are written to files in this directory. */
  devMailDir?: string
  /** The mail worker's poll, first retry delay and claim (tests use milliseconds). */
  mailTiming?: { pollIntervalMs: number; retryBaseMs: number; leaseMs?: number }
}

/** Audit events held while the database catches up (a few MB at most), before more are dropped and counted. */
const AUDIT_BUFFER_LIMIT = 10_000

/**
 * SERVER_READTIMEOUT bounds receiving a whole request, headers and body. Node enforces it only when the
 * headers' own timeout is no longer (with Fastify's later `requestTimeout` alone, a slow body was held
 * for the 60 s headers default), and only when it checks, every 30 s by default: checking at a tenth of
 * the timeout cuts a slow client within 10 % of it.
 */
function readTimeouts(readTimeoutMs: number) {
  if (readTimeoutMs <= 0) return {}
  return {
    requestTimeout: readTimeoutMs,
    headersTimeout: readTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(readTimeoutMs / 10))),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: readiness fails from now on, while requests are still served. */
    beginShutdown(): void
    /** Compiles the schemas no request has needed yet (run once the server listens); resolves to the failures. */
    compileSchemas(): Promise<unknown[]>
  }
}

/** Values that must never reach a log, wherever a serializer might find them. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.password_hash',
  '*.refresh_token',
  '*.access_token',
  '*.token',
]

/** The only way to get an app: the server, the scripts and the tests all build it here. */
export async function buildApp(options: AppOptions) {
  const { config } = options
  // Before the database opens here: a key file the service cannot use stops start-up first.
  const accessTokenKeys = loadAccessTokenKeys(config.jwt)
  // The database opens while the app is set up: a first start on the embedded database copies its
  // template in a thread of its own while PGlite compiles its WebAssembly and the plugins and routes
  // are registered, and the db plugin migrates it meanwhile; the app is ready once that is done.
  const opening = options.database
    ? Promise.resolve(options.database)
    : createDatabase(config.database, { pgliteDirectory: options.pgliteDirectory })
  // Awaited below; until then a failure to open must not count as an unhandled rejection.
  opening.catch(() => {})
  return buildOn(opening, accessTokenKeys, options)
}

async function buildOn(opening: Promise<Database>, accessTokenKeys: AccessTokenKeys, options: AppOptions) {
  const { config } = options
  const clock = options.clock ?? (() => new Date())
  const schemas = new CompileLater()

  const app = Fastify({
    logger: {
      level: config.log.level,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // The request-log plugin writes the one line per request; Fastify's own pair is switched off.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    childLoggerFactory: requestLogger,
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    schemaController: sharedSerializers(schemas),
    // Migrations, or the embedded database's first start on a busy machine, can outlast the 10 s default.
    pluginTimeout: 120_000,
    trustProxy: fastifyTrustProxy(config.server.trustProxy),
    requestTimeout: config.server.readTimeoutMs,
    http: readTimeouts(config.server.readTimeoutMs),
    keepAliveTimeout: config.server.idleTimeoutMs,
    // While closing, requests that still arrive on kept-alive connections are served (the database
    // stays open until the server has drained) and their connection closed, instead of Fastify's bare
    // 503 body outside the envelope.
    return503OnClosing: false,
    // A malformed percent-encoding or an overlong path segment never reaches a route: answer it in the
    // envelope like any other unroutable request, not with Fastify's own body.
    // Node gave up on the connection before any route could answer (SERVER_READTIMEOUT, or no HTTP).
    clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
      answerClientError(this.log, error, socket)
    },
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id)
      sendError(request, reply, toAppError(error), error)
      writeRequestLine(request, reply)
    },
  }).withTypeProvider<TypeBoxTypeProvider>()
  keepPeerAddress(app.server)
  if (config.server.trustProxy === true)
    app.log.warn(
      { setting: 'TRUST_PROXY' },
      'TRUST_PROXY=true trusts every X-Forwarded-For hop: unless the proxy in front overwrites that header, a client chooses its own address (rate limit, login throttle, sessions); a hop count or a list of proxy addresses is safer',
    )

  app.setValidatorCompiler(validatorCompilerFor(schemas))
  app.decorate('compileSchemas', () => schemas.rest())
  // Once the server listens, the schemas that have waited for their first use compile in the event
  // loop's spare turns, and one that cannot compile is reported then rather than when it is first needed.
  app.addHook('onListen', (done) => {
    app.compileSchemas().then((failures) => {
      for (const error of failures) app.log.error({ err: error }, 'a schema could not be compiled')
    })
    done()
  })
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema)

  await app.register(requestLogPlugin)
  await app.register(securityHeadersPlugin)
  await app.register(deadlinePlugin, { timeoutMs: config.server.writeTimeoutMs })
  await app.register(cors, {
    origin: config.cors.origins === '*' ? '*' : config.cors.origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    maxAge: 600,
    // An OPTIONS request without Origin or Access-Control-Request-Method gets the preflight answer
    // (204) rather than the plugin's text/plain 400 outside the envelope.
    strictPreflight: false,
  })
  await app.register(envelopePlugin, { exposeInternalErrors: config.isDevelopment })
  await app.register(swaggerPlugin, { version: config.app.version })
  const database = await opening
  await app.register(dbPlugin, {
    database,
    migrateOnStart: config.database.migrateOnStart,
    closeWithApp: options.database === undefined,
  })
  await app.register(authPlugin, { keys: accessTokenKeys, accessTtlSeconds: config.jwt.accessTtlSeconds })
  await app.register(repositoriesPlugin)
  await app.register(securityEventsPlugin)
  await app.register(passwordsPlugin, {
    bcryptCost: config.passwords.bcryptCost,
    hashWorkers: config.passwords.workers,
    hashQueueMax: config.passwords.queueMax,
    maxWaitMs: config.server.writeTimeoutMs,
    passwords: options.passwords,
  })
  await app.register(tokensPlugin, {
    accessTtlSeconds: config.jwt.accessTtlSeconds,
    refreshTtlSeconds: config.jwt.refreshTtlSeconds,
    refreshReuseIntervalMs: config.jwt.refreshReuseIntervalMs,
    now: clock,
  })
  await app.register(auditPlugin, { now: clock, bufferLimit: options.auditBufferLimit ?? AUDIT_BUFFER_LIMIT })
  await app.register(housekeepingPlugin, {
    retentionMs: config.jwt.refreshRetentionMs,
    auditRetentionMs: config.audit.retentionMs,
    intervalMs: config.housekeeping.intervalMs,
    now: clock,
  })
  await app.register(rateLimitPlugin, { settings: config.rateLimit, now: () => clock().getTime() })
  await app.register(loginThrottlePlugin, {
    settings: config.loginThrottle,
    redisUrl: config.rateLimit.redisUrl,
    now: () => clock().getTime(),
  })
  await app.register(mailPlugin, {
    settings: config.mail,
    devMailDir: options.devMailDir,
    now: clock,
    ...options.mailTiming,
  })
  await app.register(accountsPlugin, { now: clock, mfa: config.mfa, mail: config.mail, webauthn: config.webauthn })
  await app.register(todosPlugin, { now: clock })

  let shuttingDown = false
  app.decorate('beginShutdown', () => {
    shuttingDown = true
  })
  await app.register(healthRoutes, {
    shuttingDown: () => shuttingDown,
    version: config.app.version,
    timeoutMs: config.health.timeoutMs,
    databaseCheckEnabled: config.health.databaseCheckEnabled,
    ping: options.databasePing ?? app.dbReady,
    now: options.monotonicNow ?? performance.now.bind(performance),
  })
  await app.register(jwksRoutes, { jwks: jwksOf(accessTokenKeys), accessTtlSeconds: config.jwt.accessTtlSeconds })
  if (config.metrics.enabled) await app.register(metricsPlugin, config.metrics)
  await app.register(authRoutes, { prefix: '/api/v1/auth', passwordMinLength: config.passwords.minLength })
  await app.register(sessionRoutes, { prefix: '/api/v1/auth/sessions' })
  await app.register(mfaRoutes, { prefix: '/api/v1/auth/mfa' })
  await app.register(passkeyRoutes, { prefix: '/api/v1/auth/passkeys' })
  await app.register(userRoutes, { prefix: '/api/v1/users', passwordMinLength: config.passwords.minLength })
  await app.register(auditRoutes, { prefix: '/api/v1/audit-events' })
  await app.register(todoRoutes, { prefix: '/api/v1/todos' })
  await app.register(accountPages)

  return app
}
