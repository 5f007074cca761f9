import type { FastifyReply } from 'fastify'
import { RequestGoneError } from './services/passwords.js'

/**
 * A signal that fires once the request needs no more work: its response has gone out (the deadline's
 * 503 included) or its connection has closed.
 */
export function requestGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  if (reply.sent || reply.raw.closed) controller.abort()
  else reply.raw.once('close', () => controller.abort())
  return controller.signal
}

/**
 * Runs a handler's work with that signal. Work dropped because its request is gone has nobody to
 * answer (the client left, or the deadline answered): the reply is taken out of Fastify's hands so
 * nothing tries to answer it a second time.
 */
export async function whileWanted<R>(reply: FastifyReply, work: (gone: AbortSignal) => Promise<R>) {
  try {
    return await work(requestGone(reply))
  } catch (error) {
    if (!(error instanceof RequestGoneError)) throw error
    reply.hijack()
    return undefined
  }
}
