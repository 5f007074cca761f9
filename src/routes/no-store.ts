import type { TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { NO_STORE } from '../envelope.js'
import { noStore } from '../schemas/responses.js'

/**
 * RFC 6749 §5.1 (docs/contract.md, Tokens): no cache, shared or private, may keep an answer of the
 * scope: tokens, secrets and recovery codes are shown once. Set on every answer, failures included, so
 * no path forgets it, and declared on every response the scope documents, as it is sent.
 */
export function keepFromCaches(scope: FastifyInstance): void {
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(NO_STORE)
    done()
  })
  scope.addHook('onRoute', (route) => {
    if (route.schema?.response) route.schema.response = noStore(route.schema.response as Record<number, TSchema>)
  })
}
