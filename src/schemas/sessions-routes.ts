import { Type } from '@sinclair/typebox'
import { Envelope } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { MAX_SESSIONS } from '../limits.js'
import { bearer401, Examples, enveloped, errorExample, failure, noContent, Sample, success } from './responses.js'
import { SessionParamsSchema, SessionSchema } from './sessions.js'

const security = [{ bearerAuth: [] }]

/** The sessions routes' validation and OpenAPI documentation, one entry per operation (routes/sessions.ts). */
export const sessionRouteSchemas = {
  listSessions: {
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
  revokeSession: {
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
}
