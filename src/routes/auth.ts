import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { UserRecord } from '../db/repositories/users.js'
import { Envelope, ErrorEnvelopeRef, NO_STORE, ok } from '../envelope.js'
import { AppError, ErrorCode, Message, unauthorized } from '../errors.js'
import { publish } from '../events.js'
import {
  AuthResultSchema,
  LoginBodySchema,
  LogoutResultSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenPairSchema,
} from '../schemas/auth.js'
import { toPublicUser } from '../schemas/users.js'
import { revocationLogFields } from '../services/tokens.js'
import { clientInfo } from './client-info.js'

export interface AuthRoutesOptions {
  passwordMinLength: number
}

const invalidCredentials = () => unauthorized(Message.INVALID_CREDENTIALS)
const errors = { 400: ErrorEnvelopeRef, 401: ErrorEnvelopeRef, 500: ErrorEnvelopeRef }

/** Registration, login, refresh and logout under /api/v1/auth. */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { passwordMinLength }) => {
  // RFC 6749 §5.1 (decisions.md): no cache, shared or private, may keep an answer that carries tokens.
  // Set on every answer of this scope, failures included, so no path forgets it.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(NO_STORE)
    done()
  })

  const authResult = async (user: UserRecord, request: FastifyRequest) => ({
    ...(await app.tokens.issueNewFamily(user, clientInfo(request))),
    user: toPublicUser(user),
  })

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create an account and return a token pair',
        security: [],
        body: RegisterBodySchema(passwordMinLength),
        response: { 200: Envelope(Type.Ref(AuthResultSchema)), 409: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request) => {
      const { name, email, password } = request.body
      const user = await app.users.create({ name, email, passwordHash: await app.passwords.hash(password) })
      publish.account({ type: 'user.registered', userId: user.id, request })
      return ok(await authResult(user, request))
    },
  )

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Authenticate with email and password and return a token pair',
        security: [],
        description: 'Every failure, unknown email included, is the same 401 after the same bcrypt work.',
        body: LoginBodySchema,
        response: { 200: Envelope(Type.Ref(AuthResultSchema)), ...errors },
      },
    },
    async (request) => {
      const { email, password } = request.body
      const user = await app.users.findByEmailWithPassword(email)
      // verify() compares against a dummy hash when there is no user, so both paths cost the same.
      if (!(await app.passwords.verify(password, user?.passwordHash)) || !user) {
        publish.login({
          result: 'failure',
          reason: user ? 'wrong_password' : 'unknown_email',
          userId: user?.id,
          email,
          request,
        })
        throw invalidCredentials()
      }
      publish.login({ result: 'success', userId: user.id, request })
      if (app.passwords.needsRehash(user.passwordHash))
        await app.users.setPasswordHash(user.id, await app.passwords.hash(password))
      return ok(await authResult(user, request))
    },
  )

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        operationId: 'refreshTokens',
        summary: 'Exchange a refresh token for a new pair (each token works once)',
        security: [],
        description:
          'Every failure is 401 `Invalid or expired refresh token`. Presenting a used token again revokes its whole family.',
        body: RefreshBodySchema,
        response: { 200: Envelope(Type.Ref(TokenPairSchema)), ...errors },
      },
    },
    async (request) => {
      const client = clientInfo(request)
      const result = await app.tokens.rotate(request.body.refresh_token, client)
      publish.refresh(
        result.ok
          ? { outcome: result.retried ? 'retried' : 'success', userId: result.userId, request }
          : { ...result, outcome: result.reason, request },
      )
      if (result.ok) {
        // A retry inside REFRESH_TOKEN_REUSE_INTERVAL: the log says so, and how long after the first use.
        if (result.retried)
          request.logFields = {
            refresh: {
              outcome: 'retried',
              family: result.family,
              user_id: result.userId,
              ms_since_first_use: result.msSinceFirstUse,
            },
          }
        return ok(result.pair)
      }
      // The same 401 for every reason. The request's log line (warn) says which, and for a reuse the
      // family, the user, the client and how long after the first use it came: a benign race takes
      // milliseconds, a replayed stolen token much longer.
      throw new AppError(ErrorCode.UNAUTHORIZED, Message.INVALID_REFRESH_TOKEN, undefined, undefined, {
        reason: result.reason,
        family: result.family,
        user_id: result.userId,
        ...(result.reason === 'reused'
          ? {
              user_agent: client.userAgent,
              ms_since_first_use: result.msSinceFirstUse,
              caught_rotation: result.caughtRotation,
            }
          : {}),
      })
    },
  )

  // Logout reads the header only; decisions.md: any body, even malformed, is ignored.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined))
    scope.post(
      '/logout',
      {
        onRequest: scope.authenticate,
        schema: {
          tags: ['auth'],
          operationId: 'logout',
          summary: 'Revoke every refresh token of the caller',
          security: [{ bearerAuth: [] }],
          response: { 200: Envelope(Type.Ref(LogoutResultSchema)), 401: ErrorEnvelopeRef, 500: ErrorEnvelopeRef },
        },
      },
      async (request) => {
        request.logFields = revocationLogFields(
          'logout',
          await app.tokens.revokeAllForUser(request.user.user_id, 'logout'),
        )
        publish.account({ type: 'logout', userId: request.user.user_id, request })
        return ok({ message: 'Successfully logged out' as const })
      },
    )
  })
}

export default authRoutes
