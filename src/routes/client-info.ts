import type { FastifyRequest } from 'fastify'
import { clientKey } from '../rate-limit/client-key.js'
import type { Caller } from '../services/accounts.js'
import type { ClientInfo } from '../services/tokens.js'

/** Where a request came from, as stored with the refresh tokens it gets and shown in the sessions list. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip || null,
  userAgent: request.headers['user-agent'] ?? null,
})

/** The request as the account service sees its caller. */
export const caller = (request: FastifyRequest): Caller => ({
  client: clientInfo(request),
  key: clientKey(request),
  request,
})
