import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, NO_STORE, ok } from '../envelope.js'
import { AppError, ErrorCode, Message } from '../errors.js'
import { whileWanted } from '../request-gone.js'
import {
  AuthResultSchema,
  LoginBodySchema,
  LogoutResultSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenPairSchema,
  toAuthResult,
} from '../schemas/auth.js'
import {
  bearer401,
  Examples,
  enveloped,
  errorExample,
  failure,
  Sample,
  success,
  TOKEN_HEADERS,
} from '../schemas/responses.js'
import { revocationLogFields } from '../services/tokens.js'
import { caller, clientInfo } from './client-info.js'

export interface AuthRoutesOptions {
  passwordMinLength: number
}

const authResult = (description: string) =>
  success(
    Envelope(Type.Ref(AuthResultSchema)),
    description,
    Sample.envelope({ ...Sample.tokens, user: Sample.user }),
    TOKEN_HEADERS,
  )
const invalidBody = (details: Record<string, string>) =>
  failure('`Validation failed` with `details` per field, or `Invalid request data format`', [
    Examples.validation(details),
    Examples.invalidFormat,
  ])

/** Registration, login, refresh and logout under /api/v1/auth. */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { passwordMinLength }) => {
  // RFC 6749 §5.1 (decisions.md): no cache, shared or private, may keep an answer that carries tokens.
  // Set on every answer of this scope, failures included, so no path forgets it.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(NO_STORE)
    done()
  })

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create an account and return a token pair',
        description:
          'Creates a user with the role `user` and starts a session (a new token family). The email is unique among live users regardless of case. Registrations are counted per client address: past the limit the next one is 429 `TOO_MANY_REQUESTS` with `Retry-After`.',
        security: [],
        body: {
          ...RegisterBodySchema(passwordMinLength),
          examples: [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine' }],
        },
        response: enveloped(
          {
            200: authResult('The new account and its first token pair'),
            400: invalidBody({ Email: 'Email must be a valid email address' }),
            409: failure('`Email already exists`: a live user holds the email (in any case)', [
              errorExample('The email is taken', ErrorCode.CONFLICT, Message.EMAIL_EXISTS),
            ]),
          },
          { body: true },
        ),
      },
    },
    async (request, reply) =>
      whileWanted(reply, async (gone) =>
        ok(toAuthResult(await app.accounts.register(request.body, caller(request), gone))),
      ),
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
          'Starts a new session (token family). Every failure, unknown email included, is the same 401 after the same bcrypt work. Failed logins are counted per account and per client address: past the limit the next attempt is 429 `TOO_MANY_REQUESTS` with `Retry-After`, the same for unknown and known emails, while an address that has logged in to the account before keeps a count of its own. A full password-hashing queue answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`.',
        body: { ...LoginBodySchema, examples: [{ email: 'ada@example.com', password: 'analytical engine' }] },
        response: enveloped(
          {
            200: authResult('The user and a new token pair'),
            400: invalidBody({ Password: 'Password is required' }),
            401: failure('`Invalid email or password`: an unknown email or a wrong password, told apart by nobody', [
              errorExample('Unknown email or wrong password', ErrorCode.UNAUTHORIZED, Message.INVALID_CREDENTIALS),
            ]),
          },
          { body: true },
        ),
      },
    },
    async (request, reply) =>
      whileWanted(reply, async (gone) => {
        const { email, password } = request.body
        return ok(toAuthResult(await app.accounts.login(email, password, caller(request), gone)))
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
          'The token becomes used and a new pair in the same family is returned. Every failure is 401 `Invalid or expired refresh token`: unknown, revoked, expired or used. Presenting a used token again revokes its whole family.',
        body: { ...RefreshBodySchema, examples: [{ refresh_token: Sample.tokens.refresh_token }] },
        response: enveloped(
          {
            200: success(
              Envelope(Type.Ref(TokenPairSchema)),
              'A new token pair; the presented token is used up',
              Sample.envelope(Sample.tokens),
              TOKEN_HEADERS,
            ),
            400: failure('`RefreshToken is required` (missing or empty), or `Invalid request data format`', [
              Examples.validation({ RefreshToken: 'RefreshToken is required' }),
              Examples.invalidFormat,
            ]),
            401: failure('`Invalid or expired refresh token`: unknown, revoked, expired or already used', [
              errorExample('The token is no live token', ErrorCode.UNAUTHORIZED, Message.INVALID_REFRESH_TOKEN),
            ]),
          },
          { body: true },
        ),
      },
    },
    async (request) => {
      const client = clientInfo(request)
      const result = await app.tokens.rotate(request.body.refresh_token, client, request)
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
      throw new AppError(ErrorCode.UNAUTHORIZED, Message.INVALID_REFRESH_TOKEN, {
        logFields: {
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
        },
      })
    },
  )

  // Logout reads the header only; decisions.md: any body, even malformed, is ignored.
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
        schema: {
          tags: ['auth'],
          operationId: 'logout',
          summary: 'Revoke every refresh token of the caller',
          description:
            'Signs the caller out everywhere: every refresh token of the user stops working. Any body is ignored.',
          security: [{ bearerAuth: [] }],
          response: enveloped(
            {
              200: success(
                Envelope(Type.Ref(LogoutResultSchema)),
                'Every session of the caller is signed out',
                Sample.envelope({ message: 'Successfully logged out' }),
              ),
              401: bearer401,
            },
            { body: true },
          ),
        },
      },
      async (request) => {
        request.logFields = revocationLogFields('logout', await app.accounts.logout(request.user.user_id, request))
        return ok({ message: 'Successfully logged out' as const })
      },
    )
  })
}

export default authRoutes
