import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok } from '../envelope.js'
import { whileWanted } from '../request-gone.js'
import { authRouteSchemas, RESET_ACCEPTED, VERIFICATION_ACCEPTED } from '../schemas/auth-routes.js'
import { actorOf } from './actor.js'
import { keepFromCaches } from './no-store.js'
import { revocationLogFields, toAuthResult, toLoginAnswer, toPublicUser, toTokenPair } from './wire.js'

export interface AuthRoutesOptions {
  passwordMinLength: number
}

/** Registration, login, refresh, logout and password reset under /api/v1/auth. */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { passwordMinLength }) => {
  keepFromCaches(app)

  app.post('/register', { schema: authRouteSchemas.register(passwordMinLength) }, async (request, reply) =>
    whileWanted(reply, async (gone) =>
      ok(toAuthResult(await app.accounts.register(request.body, actorOf(request), gone))),
    ),
  )

  app.post('/login', { schema: authRouteSchemas.login }, async (request, reply) =>
    whileWanted(reply, async (gone) =>
      ok(toLoginAnswer(await app.accounts.login(request.body, actorOf(request), gone))),
    ),
  )

  app.post('/refresh', { schema: authRouteSchemas.refreshTokens }, async (request) => {
    const { tokens, retry } = await app.accounts.refresh(request.body.refresh_token, actorOf(request))
    // A retry inside REFRESH_TOKEN_REUSE_INTERVAL: the log says so, and how long after the first use.
    if (retry)
      request.logFields = {
        refresh: {
          outcome: 'retried',
          family: retry.family,
          user_id: retry.userId,
          ms_since_first_use: retry.msSinceFirstUse,
        },
      }
    return ok(toTokenPair(tokens))
  })

  app.post('/password-reset', { schema: authRouteSchemas.requestPasswordReset }, async (request, reply) => {
    const { mailing } = await app.accounts.requestPasswordReset(request.body.email, actorOf(request))
    // Settled after the answer: a failure is the log's, never the caller's (it would tell the address is known).
    mailing.catch((error: unknown) =>
      app.log.error({ err: error, request_id: request.id }, 'password reset not mailed'),
    )
    return reply.code(202).send(ok({ message: RESET_ACCEPTED }))
  })

  app.post(
    '/password-reset/confirm',
    { schema: authRouteSchemas.confirmPasswordReset(passwordMinLength) },
    async (request, reply) =>
      whileWanted(reply, async (gone) =>
        ok(toAuthResult(await app.accounts.confirmPasswordReset(request.body, actorOf(request), gone))),
      ),
  )

  app.post(
    '/email/verification',
    { onRequest: app.authenticate, schema: authRouteSchemas.requestEmailVerification },
    async (request, reply) => {
      await app.accounts.requestEmailVerification(request.user.user_id, actorOf(request))
      return reply.code(202).send(ok({ message: VERIFICATION_ACCEPTED }))
    },
  )

  app.post('/email/verify', { schema: authRouteSchemas.verifyEmail }, async (request) =>
    ok(toPublicUser(await app.accounts.verifyEmail(request.body.token, actorOf(request)))),
  )

  // Logout reads the header only; docs/contract.md: any body, even malformed, is ignored.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined))
    // Not even a Content-Type that names no media type is read: Fastify would refuse it before any parser.
    scope.addHook('onRequest', (request, _reply, done) => {
      delete request.headers['content-type']
      done()
    })
    scope.post(
      '/logout',
      {
        onRequest: scope.authenticate,
        schema: authRouteSchemas.logout,
      },
      async (request) => {
        const revocation = await app.accounts.logout(request.user.user_id, actorOf(request))
        request.logFields = revocationLogFields('logout', revocation)
        return ok({ message: 'Successfully logged out' as const })
      },
    )
  })
}

export default authRoutes
