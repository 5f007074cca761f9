import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok } from '../envelope.js'
import { Message } from '../errors.js'
import { sessionRouteSchemas } from '../schemas/sessions-routes.js'
import { actorOf } from './actor.js'
import { revocationLogFields, toSession } from './wire.js'

/**
 * The caller's sessions under /api/v1/auth/sessions: one per login that can still be refreshed.
 * Never shows a token. Logout stays global (the spec); this signs out one device.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get('', { schema: sessionRouteSchemas.listSessions }, async (request) => {
    const sessions = await app.accounts.listSessions(request.user.user_id)
    return ok(sessions.map((session) => toSession(session, request.user.sid)))
  })

  app.delete(
    '/:id',
    {
      config: { invalidParamsMessage: Message.INVALID_SESSION_ID },
      schema: sessionRouteSchemas.revokeSession,
    },
    async (request, reply) => {
      const revocation = await app.accounts.signOutSession(request.user.user_id, request.params.id, actorOf(request))
      request.logFields = revocationLogFields('session', revocation)
      return reply.status(204).send(null)
    },
  )
}

export default sessionRoutes
