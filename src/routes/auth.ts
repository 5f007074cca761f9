import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { UserRecord } from '../db/repositories/users.js'
import { Envelope, ErrorEnvelopeRef, ok } from '../envelope.js'
import { AppError, ErrorCode, Message, unauthorized } from '../errors.js'
import { publish } from '../events.js'
import { clientKey } from '../rate-limit/client-key.js'
import { whileWanted } from '../request-gone.js'
import {
  AuthResultSchema,
  LoginBodySchema,
  LogoutResultSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenPairSchema,
} from '../schemas/auth.js'
import { toPublicUser } from '../schemas/users.js'
import type { ClientInfo } from '../services/tokens.js'

export interface AuthRoutesOptions {
  passwordMinLength: number
}

const invalidCredentials = () => unauthorized(Message.INVALID_CREDENTIALS)
const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip || null,
  userAgent: request.headers['user-agent'] ?? null,
})
const errors = { 400: ErrorEnvelopeRef, 401: ErrorEnvelopeRef, 500: ErrorEnvelopeRef }
/** The password routes: a full hash queue answers 503 (and any route the deadline's 503). */
const busy = { 503: ErrorEnvelopeRef }

/** Registration, login, refresh and logout under /api/v1/auth. */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { passwordMinLength }) => {
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
        response: { 200: Envelope(Type.Ref(AuthResultSchema)), 409: ErrorEnvelopeRef, ...errors, ...busy },
      },
    },
    async (request, reply) =>
      whileWanted(reply, async (gone) => {
        const { name, email, password } = request.body
        const user = await app.users.create({ name, email, passwordHash: await app.passwords.hash(password, gone) })
        return ok(await authResult(user, request))
      }),
  )

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Authenticate with email and password and return a token pair',
        security: [],
        description:
          'Every failure, unknown email included, is the same 401 after the same bcrypt work. Failed logins are counted per account and per client address: past the limit the next attempt is 429 `TOO_MANY_REQUESTS` with `Retry-After`, the same for unknown and known emails, while an address that has logged in to the account before keeps a count of its own. A full password-hashing queue answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`.',
        body: LoginBodySchema,
        response: { 200: Envelope(Type.Ref(AuthResultSchema)), 429: ErrorEnvelopeRef, ...errors, ...busy },
      },
    },
    async (request, reply) =>
      whileWanted(reply, async (gone) => {
        const { email, password } = request.body
        const user = await app.loginThrottle.attempt(email, clientKey(request), async () => {
          const found = await app.users.findByEmailWithPassword(email)
          // verify() compares against a dummy hash when there is no user, so both paths cost the same.
          return (await app.passwords.verify(password, found?.passwordHash, gone)) ? found : undefined
        })
        if (!user) {
          publish.login({ result: 'failure' })
          throw invalidCredentials()
        }
        publish.login({ result: 'success' })
        if (app.passwords.needsRehash(user.passwordHash))
          await app.users.setPasswordHash(user.id, await app.passwords.hash(password, gone))
        return ok(await authResult(user, request))
      }),
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
      publish.refresh({ outcome: result.ok ? 'success' : result.reason })
      if (result.ok) return ok(result.pair)
      // The same 401 for every reason. The request's log line (warn) says which, and for a reuse the
      // family, the user, the client and how long after the first use it came: a benign race takes
      // milliseconds, a replayed stolen token much longer.
      throw new AppError(ErrorCode.UNAUTHORIZED, Message.INVALID_REFRESH_TOKEN, undefined, undefined, {
        reason: result.reason,
        family: result.family,
        user_id: result.userId,
        ...(result.reason === 'reused'
          ? { user_agent: client.userAgent, ms_since_first_use: result.msSinceFirstUse }
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
        await app.tokens.revokeAllForUser(request.user.user_id, 'logout')
        return ok({ message: 'Successfully logged out' as const })
      },
    )
  })
}

export default authRoutes
