import { type Static, Type } from '@sinclair/typebox'
import { Envelope } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import {
  AcceptedSchema,
  AuthResultSchema,
  LoginBodySchema,
  LoginSessionSchema,
  LogoutResultSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenPairSchema,
  VerifyEmailBodySchema,
} from './auth.js'
import { MfaChallengeSchema } from './mfa.js'
import { bearer401, Examples, enveloped, errorExample, failure, Sample, success, TOKEN_HEADERS } from './responses.js'
import { UserSchema } from './users.js'

const authResult = (description: string) =>
  success(
    Envelope(Type.Ref(AuthResultSchema)),
    description,
    Sample.envelope({ ...Sample.tokens, user: Sample.user }),
    TOKEN_HEADERS,
  )

/**
 * docs/contract.md, Second factor: a login answers one of two shapes, told apart by `mfa_required`
 * (false: the session; true: the challenge for a second factor), so a generated client narrows the
 * union on that one field.
 */
export const LoginAnswer = Type.Unsafe<Static<typeof LoginSessionSchema> | Static<typeof MfaChallengeSchema>>({
  oneOf: [Type.Ref(LoginSessionSchema), Type.Ref(MfaChallengeSchema)],
  description:
    'The session (`mfa_required: false`), or, with TOTP on, the challenge for a second factor (`mfa_required: true`)',
})

/** A login's answer as it is documented: either shape, with an example of the session. */
export const loginAnswer = (description: string) =>
  success(
    Envelope(LoginAnswer),
    description,
    Sample.envelope({ ...Sample.tokens, user: Sample.user, mfa_required: false }),
    TOKEN_HEADERS,
  )

const invalidBody = (details: Record<string, string>) =>
  failure('`Validation failed` with `details` per field, or `Invalid request data format`', [
    Examples.validation(details),
    Examples.invalidFormat,
  ])

/** The one answer to a reset request, whoever the address belongs to. */
export const VERIFICATION_ACCEPTED =
  'A verification link has been sent to the account’s email address unless it is verified already'

export const RESET_ACCEPTED = 'If an account has this email address, a link to reset its password has been sent to it'

const invalidLinkToken = failure(
  '`Invalid or expired token` (`INVALID_TOKEN`): the token is unknown, already used, expired, superseded by a newer link, or its account is gone; `Validation failed` for a missing token or a bad field',
  [
    errorExample('The link is no longer valid', ErrorCode.INVALID_TOKEN, Message.INVALID_LINK_TOKEN),
    Examples.validation({ Token: 'Token is required' }),
    Examples.invalidFormat,
  ],
)

const unverified = failure(
  '`Email address not verified`: with EMAIL_VERIFICATION=required, an account whose address is not verified starts and renews no session',
  [errorExample('The address is not verified', ErrorCode.FORBIDDEN, Message.EMAIL_NOT_VERIFIED)],
)

/** The auth routes' validation and OpenAPI documentation, one entry per operation (routes/auth.ts). */
export const authRouteSchemas = {
  register: (passwordMinLength: number) => ({
    tags: ['auth'],
    operationId: 'register',
    summary: 'Create an account and return a token pair',
    description:
      'Creates a user with the role `user` and starts a session (a new token family). The email is unique among live users regardless of case. Registrations are counted per client address: past the limit the next one is 429 `TOO_MANY_REQUESTS` with `Retry-After`.',
    security: [],
    body: RegisterBodySchema(passwordMinLength),
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
  }),
  login: {
    tags: ['auth'],
    operationId: 'login',
    summary: 'Authenticate with email and password and return a token pair',
    security: [],
    description:
      'Starts a new session (token family), or, when the account has TOTP on, answers `mfa_required: true` with an `mfa_token` for `POST /api/v1/auth/mfa/verify` and no tokens. Every failure, unknown email included, is the same 401 after the same bcrypt work. Failed logins are counted per account and per client address: past the limit the next attempt is 429 `TOO_MANY_REQUESTS` with `Retry-After`, the same for unknown and known emails, while an address that has logged in to the account before keeps a count of its own. A full password-hashing queue answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`.',
    body: LoginBodySchema,
    response: enveloped(
      {
        200: loginAnswer('The user and a new token pair, or the challenge for a second factor'),
        400: invalidBody({ Password: 'Password is required' }),
        401: failure('`Invalid email or password`: an unknown email or a wrong password, told apart by nobody', [
          errorExample('Unknown email or wrong password', ErrorCode.UNAUTHORIZED, Message.INVALID_CREDENTIALS),
        ]),
        403: unverified,
      },
      { body: true },
    ),
  },
  refreshTokens: {
    tags: ['auth'],
    operationId: 'refreshTokens',
    summary: 'Exchange a refresh token for a new pair (each token works once)',
    security: [],
    description:
      'The token becomes used and a new pair in the same family is returned. Every failure is 401 `Invalid or expired refresh token`: unknown, revoked, expired or used. Presenting a used token again revokes its whole family.',
    body: RefreshBodySchema,
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
        403: unverified,
      },
      { body: true },
    ),
  },
  logout: {
    tags: ['auth'],
    operationId: 'logout',
    summary: 'Revoke every refresh token of the caller',
    description: 'Signs the caller out everywhere: every refresh token of the user stops working. Any body is ignored.',
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
  requestPasswordReset: {
    tags: ['auth'],
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset link',
    security: [],
    description:
      'Answers 202 with the same body, at the same time, whether or not a live account has the address; when one has, a link valid PASSWORD_RESET_TTL is mailed to it, and every older reset link of the account stops working. Requests are counted per address and per client like failed logins (429 past the limit). 503 `SERVICE_UNAVAILABLE` `Email delivery is not configured` when the service has no SMTP server.',
    body: PasswordResetRequestBodySchema,
    response: enveloped(
      {
        202: success(
          Envelope(Type.Ref(AcceptedSchema)),
          'Accepted: a link is on its way if the address belongs to an account',
          Sample.envelope({ message: RESET_ACCEPTED }),
        ),
        400: invalidBody({ Email: 'Email must be a valid email address' }),
      },
      { body: true },
    ),
  },
  confirmPasswordReset: (passwordMinLength: number) => ({
    tags: ['auth'],
    operationId: 'confirmPasswordReset',
    summary: 'Set a new password with a reset link’s token and return a token pair',
    security: [],
    description:
      'Uses the token up, sets the password (the registration rules apply), ends every session of the account and starts a new one, as a login does; the account is mailed a notice. A weak password is refused before the token is used.',
    body: PasswordResetConfirmBodySchema(passwordMinLength),
    response: enveloped(
      {
        200: authResult('The account and a new token pair; every other session has ended'),
        400: invalidLinkToken,
      },
      { body: true },
    ),
  }),
  requestEmailVerification: {
    tags: ['auth'],
    operationId: 'requestEmailVerification',
    summary: 'Mail the caller a new email verification link',
    security: [{ bearerAuth: [] }],
    description:
      'Mails a link valid EMAIL_VERIFICATION_TTL to the caller’s address, ending the older links; an address already verified is sent nothing, with the same answer. Requests are counted per address and per client like failed logins (429 past the limit). 503 `SERVICE_UNAVAILABLE` `Email delivery is not configured` when the service has no SMTP server.',
    response: enveloped({
      202: success(
        Envelope(Type.Ref(AcceptedSchema)),
        'Accepted: a link is on its way unless the address is verified already',
        Sample.envelope({ message: VERIFICATION_ACCEPTED }),
      ),
      401: bearer401,
    }),
  },
  verifyEmail: {
    tags: ['auth'],
    operationId: 'verifyEmail',
    summary: 'Verify the email address with a verification link’s token',
    security: [],
    description:
      'Uses the token up and marks the address verified (`email_verified`), as long as it is still the account’s address. New access tokens carry `email_verified: true`.',
    body: VerifyEmailBodySchema,
    response: enveloped(
      {
        200: success(Envelope(Type.Ref(UserSchema)), 'The account, its email verified', Sample.envelope(Sample.user)),
        400: invalidLinkToken,
      },
      { body: true },
    ),
  },
}
