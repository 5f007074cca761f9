import type { FastifyRequest } from 'fastify'
import { clientKey } from '../rate-limit/client-key.js'
import { type Actor, clientActor } from '../services/actor.js'

/** The request as the services see its caller: built once, at the edge. */
export const actorOf = (request: FastifyRequest): Actor =>
  clientActor({
    requestId: request.id,
    userId: request.user?.user_id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    throttleKey: clientKey(request),
  })
