import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, ErrorEnvelopeRef, ok } from '../envelope.js'
import { Message, notFound } from '../errors.js'
import { publish } from '../events.js'
import { SessionParamsSchema, SessionSchema, toSession } from '../schemas/sessions.js'
import { revocationLogFields } from '../services/tokens.js'

const security = [{ bearerAuth: [] }]
const errors = { 401: ErrorEnvelopeRef, 500: ErrorEnvelopeRef }

/**
 * The caller's sessions under /api/v1/auth/sessions: one per login that can still be refreshed.
 * Never shows a token. Logout stays global (the spec); this signs out one device.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '',
    {
      schema: {
        tags: ['auth'],
        operationId: 'listSessions',
        summary: 'List the caller’s active sessions',
        security,
        response: { 200: Envelope(Type.Array(Type.Ref(SessionSchema))), ...errors },
      },
    },
    async (request) => {
      const sessions = await app.tokens.listSessions(request.user.user_id)
      return ok(sessions.map((session) => toSession(session, request.user.sid)))
    },
  )

  app.delete(
    '/:id',
    {
      config: { invalidParamsMessage: Message.INVALID_SESSION_ID },
      schema: {
        tags: ['auth'],
        operationId: 'revokeSession',
        summary: 'Sign one session out: its refresh tokens stop working',
        security,
        params: SessionParamsSchema,
        response: {
          204: Type.Null({ description: 'No body' }),
          400: ErrorEnvelopeRef,
          404: ErrorEnvelopeRef,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const revocation = await app.tokens.revokeSession(request.user.user_id, request.params.id)
      if (revocation.sessions === 0) throw notFound(Message.SESSION_NOT_FOUND)
      request.logFields = revocationLogFields('session', revocation)
      publish.account({
        type: 'session.revoked',
        userId: request.user.user_id,
        details: { session_id: request.params.id },
        request,
      })
      return reply.status(204).send(null)
    },
  )
}

export default sessionRoutes
