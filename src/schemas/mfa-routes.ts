import { Type } from '@sinclair/typebox'
import { Envelope } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { loginAnswer } from './auth-routes.js'
import {
  ConfirmTotpBodySchema,
  RecoveryCodesSchema,
  RemoveTotpBodySchema,
  SecondFactorStatusSchema,
  StartTotpBodySchema,
  TotpEnrolmentSchema,
  VerifyMfaBodySchema,
} from './mfa.js'
import {
  bearer401,
  bearerOrPassword401,
  Examples,
  enveloped,
  errorExample,
  failure,
  noContent,
  Sample,
  success,
  TOKEN_HEADERS,
} from './responses.js'

const security = [{ bearerAuth: [] }]

const throttled =
  ' Wrong passwords count in the login throttle for the account and address, like failed logins: past the limit the answer is 429 with `Retry-After`.'

/** The second-factor routes' validation and OpenAPI documentation, one entry per operation (routes/mfa.ts). */
export const mfaRouteSchemas = {
  verifySecondFactor: {
    tags: ['mfa'],
    operationId: 'verifySecondFactor',
    summary: 'The login’s second step: a code or a recovery code for the `mfa_token`',
    security: [],
    description:
      'Send the `mfa_token` of the login answer with `code` (six digits from the authenticator app) or `recovery_code`, never both. Answers as login does: a new session, bound to the password the login verified. The token is single use and lives 5 minutes; the fifth wrong code ends it. Wrong codes count in the login throttle for the account and address, like failed logins (429 past the limit).',
    body: VerifyMfaBodySchema,
    response: enveloped(
      {
        200: loginAnswer('The user and a new token pair (`mfa_required` is false)'),
        400: failure('`Validation failed`: neither or both of `code` and `recovery_code`, or a malformed field', [
          Examples.validation({ Code: 'Code or RecoveryCode is required' }),
          Examples.invalidFormat,
        ]),
        401: failure(
          '`Invalid authentication code` for a wrong or used code; `Invalid or expired MFA token` for a token that is unknown, used, expired or ended by five wrong codes',
          [
            errorExample('A wrong or used code', ErrorCode.UNAUTHORIZED, Message.INVALID_MFA_CODE),
            errorExample('A spent token', ErrorCode.UNAUTHORIZED, Message.INVALID_MFA_TOKEN),
          ],
        ),
      },
      { body: true },
    ),
  },
  secondFactorStatus: {
    tags: ['mfa'],
    operationId: 'getSecondFactorStatus',
    summary: 'What second factors the caller has',
    description:
      'Whether TOTP is on (a password login then asks for a code), how many unused recovery codes are left, and how many passkeys are registered.',
    security,
    response: enveloped({
      200: success(
        Envelope(Type.Ref(SecondFactorStatusSchema)),
        'The caller’s second factors',
        Sample.envelope({ totp: true, recovery_codes_left: 9, passkeys: 0 }),
      ),
      401: bearer401,
    }),
  },
  startTotpEnrolment: {
    tags: ['mfa'],
    operationId: 'startTotpEnrolment',
    summary: 'Start a TOTP enrolment: a new secret, pending until a code confirms it',
    description: `Needs the account’s password. Starting again replaces a pending enrolment. The secret is stored sealed (AES-GCM under MFA_ENCRYPTION_KEY) and shown only in this answer; a server without that key answers 503 \`SERVICE_UNAVAILABLE\` saying so.${throttled}`,
    security,
    body: StartTotpBodySchema,
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(TotpEnrolmentSchema)),
          'The pending secret, for the authenticator app',
          Sample.envelope({
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauth_uri:
              'otpauth://totp/Account%20service:ada%40example.com?issuer=Account%20service&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
          }),
          TOKEN_HEADERS,
        ),
        400: failure('`Validation failed` with `details`, or `Invalid request data format`', [
          Examples.validation({ Password: 'Password is required' }),
          Examples.invalidFormat,
        ]),
        401: bearerOrPassword401(),
        409: failure('`Two-factor authentication is already on`: remove it first', [
          errorExample('TOTP is on', ErrorCode.CONFLICT, Message.TOTP_ALREADY_ENABLED),
        ]),
      },
      { body: true },
    ),
  },
  confirmTotp: {
    tags: ['mfa'],
    operationId: 'confirmTotp',
    summary: 'Turn TOTP on with a first code, and get ten recovery codes',
    description:
      'The code must come from the pending secret (one 30-second step of drift either way), within 30 minutes of the enrolment’s start; its step counts as used. The ten recovery codes are shown this once and stored only as digests; each works once in place of a code.',
    security,
    body: ConfirmTotpBodySchema,
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(RecoveryCodesSchema)),
          'TOTP is on; the recovery codes',
          Sample.envelope({
            recovery_codes: Array.from({ length: 10 }, (_, i) => `7k2m-q9xd-4hv1-c8p${i}`),
          }),
          TOKEN_HEADERS,
        ),
        400: failure('`Invalid authentication code`, `Validation failed` or `Invalid request data format`', [
          errorExample('A wrong or used code', ErrorCode.VALIDATION_ERROR, Message.INVALID_MFA_CODE),
          Examples.validation({ Code: 'Code is invalid' }),
        ]),
        401: bearer401,
        409: failure(
          '`No two-factor enrolment is in progress`: start one first (TOTP is already on, or the enrolment began over 30 minutes ago)',
          [errorExample('Nothing to confirm', ErrorCode.CONFLICT, Message.NO_TOTP_ENROLMENT)],
        ),
      },
      { body: true },
    ),
  },
  removeTotp: {
    tags: ['mfa'],
    operationId: 'removeTotp',
    summary: 'Turn TOTP off, with the password and a code',
    description: `Needs the password and either \`code\` or \`recovery_code\`. Removes the secret and every recovery code. Wrong codes count like wrong passwords.${throttled}`,
    security,
    body: RemoveTotpBodySchema,
    response: enveloped(
      {
        204: noContent('TOTP is off; no body'),
        400: failure('`Validation failed`: neither or both of `code` and `recovery_code`, or a malformed field', [
          Examples.validation({ Code: 'Code or RecoveryCode is required' }),
          Examples.invalidFormat,
        ]),
        401: bearerOrPassword401({
          description: '; `Invalid authentication code` for a wrong or used code',
          examples: [errorExample('A wrong code', ErrorCode.UNAUTHORIZED, Message.INVALID_MFA_CODE)],
        }),
        404: failure('`Two-factor authentication is not on`', [
          errorExample('Nothing to remove', ErrorCode.NOT_FOUND, Message.TOTP_NOT_ENABLED),
        ]),
      },
      { body: true },
    ),
  },
}
