import fp from 'fastify-plugin'
import { AppError, ErrorCode, Message } from '../errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route bounds its own time (the health probes). */
    deadline?: boolean
  }
}

export interface DeadlineOptions {
  /** SERVER_WRITETIMEOUT: the longest a request may take before it is answered 503. */
  timeoutMs: number
}

/**
 * Answers 503 for a request still unanswered at the deadline, in the shape of its route (the error
 * goes through the route's error handler). A database that stops answering mid-query (a network
 * partition) would otherwise hold requests for as long as TCP retries; the work in flight still ends
 * on its own, and its late answer is dropped.
 */
export default fp<DeadlineOptions>(
  async (app, { timeoutMs }) => {
    if (timeoutMs <= 0) return
    const timers = new WeakMap<object, NodeJS.Timeout>()
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.deadline !== false) {
        const timer = setTimeout(() => {
          if (reply.sent) return
          reply.send(
            new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE, undefined, undefined, {
              deadline_ms: timeoutMs,
            }),
          )
        }, timeoutMs)
        timers.set(request, timer)
      }
      done()
    })
    app.addHook('onResponse', (request, _reply, done) => {
      clearTimeout(timers.get(request))
      done()
    })
  },
  { name: 'deadline' },
)
