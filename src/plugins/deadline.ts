import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { inRequestScope, type RequestScope } from '../db/request-scope.js'
import { AppError, ErrorCode, Message } from '../errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route bounds its own time (the health probes). */
    deadline?: boolean
  }
  interface FastifyRequest {
    /** The timer that answers the request 503 at its deadline; null on a route without one. */
    deadlineTimer: NodeJS.Timeout | null
    /** The request's standing with the database, expired at the deadline; null on a route without one. */
    requestScope: RequestScope | null
  }
}

/** Methods whose routes only read (RFC 9110 §9.2.1: safe methods). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface DeadlineOptions {
  /** SERVER_WRITETIMEOUT: the longest a request may take before it is answered 503. */
  timeoutMs: number
}

/**
 * Answers 503 for a request still unanswered at the deadline, in the shape of its route (the error
 * goes through the route's error handler). A database that stops answering mid-query (a network
 * partition) would otherwise hold requests for as long as TCP retries; the work in flight still ends
 * on its own, and its late answer is dropped. From the deadline on, the database work of a request that
 * can write starts no statement and commits nothing (request-scope.ts), so a 503 means its write did not
 * happen unless a statement or commit was already running then (docs/operations.md, "Reliability").
 */
export default fp<DeadlineOptions>(
  async (app, { timeoutMs }) => {
    if (timeoutMs <= 0) return
    // On the request itself rather than in WeakMaps keyed by it: the scavenger holds a WeakMap's values
    // strongly, and a timer whose callback holds its request kept every request, answered or not, until
    // the next full collection.
    app.decorateRequest('deadlineTimer', null)
    app.decorateRequest('requestScope', null)
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.deadline !== false) {
        const scope: RequestScope = { expired: false }
        request.requestScope = scope
        request.deadlineTimer = setTimeout(() => {
          // Answered, or an answer already streaming (a long todo list): nothing to replace.
          if (reply.sent || reply.raw.headersSent) return
          scope.expired = true
          // A body still arriving is the client's slowness, not ours: 408, and the connection closes.
          reply.send(
            !stillReceiving(request)
              ? new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE, {
                  logFields: { deadline_ms: timeoutMs },
                })
              : new AppError(ErrorCode.REQUEST_TIMEOUT, Message.REQUEST_TIMEOUT, { headers: { connection: 'close' } }),
          )
        }, timeoutMs).unref()
      }
      done()
    })
    // The body, if any, is parsed into request.body before validation: from then on a missed deadline
    // is the service's.
    const stillReceiving = (request: FastifyRequest) => {
      if (request.body !== undefined) return false
      const length = request.headers['content-length']
      return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
    }
    // The handler of a route that can write, and all it awaits, runs in its request's scope. GET, HEAD and
    // OPTIONS write nothing (the audit events of an admin's reads are written by the audit trail's own
    // flush): a read's statement after its 503 changes nothing, and keeping reads out of any scope keeps
    // them free of what a scope costs on Node 20 (request-scope.ts). A route without a deadline gives its
    // requests no scope, and its handler runs as it is.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (methods.every((method) => READS.has(method))) return
      const handler = route.handler
      route.handler = function scoped(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const scope = request.requestScope
        return scope
          ? inRequestScope(scope, () => handler.call(this, request, reply))
          : handler.call(this, request, reply)
      }
    })
    // A request that is never answered (its client went away, and the work was dropped) must not hold
    // its timer, nor the process, until the deadline.
    const clear = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      if (request.deadlineTimer) clearTimeout(request.deadlineTimer)
      done()
    }
    app.addHook('onResponse', clear)
    app.addHook('onRequestAbort', (request, done) => clear(request, undefined, done))
  },
  { name: 'deadline' },
)
