import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { withoutQueryParameters } from '../db/errors.js'
import { AppError } from '../errors.js'

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
}
declare module 'fastify' {
  interface FastifyRequest {
    /** What a handler adds to the request's one log line: what happened, never a secret. */
    logFields: Record<string, unknown> | undefined
    /** The failure behind a 4xx/5xx answer, for the request's one log line (set by the envelope plugin). */
    failure: unknown
  }
}

const MESSAGES = { error: 'request failed', warn: 'request rejected', info: 'request completed' } as const

const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** docs/contract.md: keep the caller's X-Request-ID when it is safe to echo, otherwise make a new one. */
export function requestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id']
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID()
}

/**
 * Echoes the request id on every response and writes exactly one log line per request: info for
 * success, warn for 4xx and for load turned away (a shed 503), error for other 5xx (with the cause). Only chosen fields are logged, never headers
 * or bodies, so credentials cannot reach the log.
 */
export default fp(
  async (app) => {
    // Declared up front, so every request object has the same shape from the start.
    app.decorateRequest('logFields', undefined)
    app.decorateRequest('failure', undefined)
    // Hooks on every request take a callback rather than returning a promise: no promise and no
    // microtask for work that never waits.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id)
      done()
    })

    app.addHook('onResponse', (request, reply, done) => {
      writeRequestLine(request, reply)
      done()
    })
  },
  { name: 'request-log' },
)

/**
 * The request's one log line. Also called directly for a request Fastify refuses before routing (a
 * malformed URL), for which no hook runs.
 */
export function writeRequestLine(request: FastifyRequest, reply: FastifyReply) {
  const status = reply.statusCode
  // Load turned away on purpose is no fault of the service: a flood of those must not fill the log
  // with stacks at error level.
  const shed = request.failure instanceof AppError && request.failure.shed
  const level = status >= 500 && !shed ? 'error' : status >= 400 ? 'warn' : 'info'
  // Nothing to build when the line would be dropped (a busy service often logs at warn).
  if ((LEVEL_VALUES[level] ?? 0) < (LEVEL_VALUES[request.log.level] ?? 0)) return
  const line = {
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions.url,
    status,
    duration_ms: Math.round(reply.elapsedTime * 100) / 100,
    ip: request.ip,
    ...request.logFields,
    ...(status >= 400 && request.failure !== undefined ? { err: describe(request.failure, level === 'error') } : {}),
  }
  request.log[level](line, MESSAGES[level])
}

/** A query parameter whose name says it carries a token (`token`, `refresh_token`, ...). */
const TOKEN_PARAMETER = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi

/**
 * docs/contract.md: tokens are never logged, request URLs included. An emailed link carries its token in
 * the query, so a page opened from it (or a request someone builds by hand) logs the URL without it.
 */
export const redactUrl = (url: string) => (url.includes('?') ? url.replace(TOKEN_PARAMETER, '$1[redacted]') : url)

/**
 * A 5xx logs its cause in full. A 4xx logs only the error's type and code: a parser's message can
 * quote the rejected body, password and all.
 */
function describe(error: unknown, serverFault: boolean) {
  const cause = withoutQueryParameters(error)
  if (!(cause instanceof Error)) return { type: typeof cause }
  const { code, logFields } = cause as { code?: unknown; logFields?: Record<string, unknown> }
  return {
    type: cause.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...logFields,
    ...(serverFault ? { message: cause.message, stack: cause.stack } : {}),
  }
}
