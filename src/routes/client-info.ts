import type { FastifyRequest } from 'fastify'
import type { ClientInfo } from '../services/tokens.js'

/** Where a request came from, as stored with the refresh tokens it gets and shown in the sessions list. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip || null,
  userAgent: request.headers['user-agent'] ?? null,
})
