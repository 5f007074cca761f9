import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, ok } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { MAX_SESSIONS } from '../limits.js'
import {
  bearer401,
  Examples,
  enveloped,
  errorExample,
  failure,
  noContent,
  Sample,
  success,
} from '../schemas/responses.js'
import { SessionParamsSchema, SessionSchema } from '../schemas/sessions.js'
import { actorOf } from './actor.js'
import { revocationLogFields, toSession } from './wire.js'

const security = [{ bearerAuth: [] }]

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
        description: 'One session per login or registration that can still be refreshed. Never shows a token.',
        security,
        response: enveloped({
          200: success(
            Envelope(Type.Array(Type.Ref(SessionSchema), { maxItems: MAX_SESSIONS })),
            'The caller’s sessions, newest first',
            Sample.envelope([Sample.session]),
          ),
          401: bearer401,
        }),
      },
    },
    async (request) => {
      const sessions = await app.accounts.listSessions(request.user.user_id)
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
        description:
          'Logout signs out everywhere; this signs out one device. Access tokens already issued stay valid until they expire.',
        security,
        params: SessionParamsSchema,
        response: enveloped(
          {
            204: noContent('Signed out; no body'),
            400: failure('`Invalid session ID`: the id is not a UUID; or a body that is not JSON', [
              errorExample('The id is not a UUID', ErrorCode.VALIDATION_ERROR, Message.INVALID_SESSION_ID),
              Examples.invalidFormat,
            ]),
            401: bearer401,
            404: failure('`Session not found`: no live session of the caller has this id', [
              errorExample('No such session', ErrorCode.NOT_FOUND, Message.SESSION_NOT_FOUND),
            ]),
          },
          { body: true },
        ),
      },
    },
    async (request, reply) => {
      const revocation = await app.accounts.signOutSession(request.user.user_id, request.params.id, actorOf(request))
      request.logFields = revocationLogFields('session', revocation)
      return reply.status(204).send(null)
    },
  )
}

export default sessionRoutes
