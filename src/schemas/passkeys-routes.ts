import { Type } from '@sinclair/typebox'
import { Envelope } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { MAX_PASSKEYS } from '../limits.js'
import { LoginSessionSchema } from './auth.js'
import {
  AuthenticationResponseBodySchema,
  PasskeyCreationOptionsSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationOptionsBodySchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  RegistrationResponseBodySchema,
  RenamePasskeyBodySchema,
} from './passkeys.js'
import {
  bearer401,
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

const passkey = {
  id: 3,
  name: 'Laptop',
  created_at: '2026-11-22T10:00:00.000Z',
  last_used_at: null,
  backed_up: true,
  transports: ['internal', 'hybrid'],
}

const challenge = 'q1L9xq3b2hQzWm2T8tq0b9pQ3n1s5N0kq9dXlK8zX2s'

const invalidPasskeyId = failure('`Invalid passkey ID`: the id is not a positive integer; or a body that is not JSON', [
  errorExample('The id is not a positive integer', ErrorCode.VALIDATION_ERROR, Message.INVALID_PASSKEY_ID),
  Examples.invalidFormat,
])

const passkeyNotFound = failure('`Passkey not found`: none of the caller’s passkeys has this id', [
  errorExample('No such passkey', ErrorCode.NOT_FOUND, Message.PASSKEY_NOT_FOUND),
])

const ceremony =
  'Options are the standard WebAuthn JSON forms; the challenge is single use and lives 5 minutes. The relying party and the allowed origins are PUBLIC_URL’s (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).'

/** The passkey routes' validation and OpenAPI documentation, one entry per operation (routes/passkeys.ts). */
export const passkeyRouteSchemas = {
  registrationOptions: {
    tags: ['passkeys'],
    operationId: 'getPasskeyRegistrationOptions',
    summary: 'Begin adding a passkey: the options for navigator.credentials.create()',
    description: `Pass \`data\` to \`PublicKeyCredential.parseCreationOptionsFromJSON()\` and the result to \`navigator.credentials.create({ publicKey })\`, then send the credential's \`toJSON()\` to /api/v1/auth/passkeys/registration. A discoverable credential with user verification is asked for, and none of the caller's passkeys again. \`name\` (optional; default "Passkey N") is what the list will show. ${ceremony}`,
    security,
    body: PasskeyRegistrationOptionsBodySchema,
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(PasskeyCreationOptionsSchema)),
          'The creation options',
          Sample.envelope({
            rp: { id: 'accounts.example.com', name: 'Account service' },
            user: { id: 'mR1wV6t0dDq2Yb4s8uJq3n1s5N0kq9dXlK8zX2sQ0aE', name: 'ada@example.com', displayName: 'Ada' },
            challenge,
            pubKeyCredParams: [
              { alg: -8, type: 'public-key' },
              { alg: -7, type: 'public-key' },
              { alg: -257, type: 'public-key' },
            ],
            timeout: 300000,
            attestation: 'none',
            excludeCredentials: [],
            authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
            extensions: { credProps: true },
            hints: [],
          }),
        ),
        400: failure('`Validation failed` with `details`, or `Invalid request data format`', [
          Examples.validation({ Name: 'Name is too long (maximum 64)' }),
          Examples.invalidFormat,
        ]),
        401: bearer401,
        409: failure(`\`${Message.PASSKEY_LIMIT}\`: the caller has ${MAX_PASSKEYS} passkeys`, [
          errorExample('Twenty passkeys already', ErrorCode.CONFLICT, Message.PASSKEY_LIMIT),
        ]),
      },
      { body: true },
    ),
  },
  register: {
    tags: ['passkeys'],
    operationId: 'registerPasskey',
    summary: 'Finish adding a passkey: the new credential, as the browser made it',
    description: `The body is the bare \`RegistrationResponseJSON\` (\`credential.toJSON()\`); its challenge is found through \`clientDataJSON\`, and must be a live one given to the caller. The attestation is verified against the relying party, its origins and user verification; only the public key is kept. ${ceremony}`,
    security,
    body: RegistrationResponseBodySchema,
    response: enveloped(
      {
        201: success(Envelope(Type.Ref(PasskeySchema)), 'The passkey is added', Sample.envelope(passkey)),
        400: failure(
          '`Passkey registration failed`: an unknown, used or expired challenge, another origin or relying party, no user verification, or an attestation that does not verify; `Validation failed` for a malformed body',
          [
            errorExample('The attestation is refused', ErrorCode.VALIDATION_ERROR, Message.PASSKEY_REGISTRATION_FAILED),
            Examples.validation({ ClientDataJSON: 'ClientDataJSON is required' }),
          ],
        ),
        401: bearer401,
        409: failure(
          `\`Passkey already registered\`: the credential is registered already; \`${Message.PASSKEY_LIMIT}\`: the caller has ${MAX_PASSKEYS} passkeys`,
          [
            errorExample('Registered already', ErrorCode.CONFLICT, Message.PASSKEY_EXISTS),
            errorExample('Twenty passkeys already', ErrorCode.CONFLICT, Message.PASSKEY_LIMIT),
          ],
        ),
      },
      { body: true },
    ),
  },
  list: {
    tags: ['passkeys'],
    operationId: 'listPasskeys',
    summary: 'List the caller’s passkeys',
    description: 'Oldest first. Never shows a key.',
    security,
    response: enveloped({
      200: success(
        Envelope(Type.Array(Type.Ref(PasskeySchema), { maxItems: MAX_PASSKEYS })),
        'The caller’s passkeys, oldest first',
        Sample.envelope([passkey]),
      ),
      401: bearer401,
    }),
  },
  rename: {
    tags: ['passkeys'],
    operationId: 'renamePasskey',
    summary: 'Rename one of the caller’s passkeys',
    description: 'The name is what the list shows: 1 to 64 printable characters.',
    security,
    params: PasskeyParamsSchema,
    body: RenamePasskeyBodySchema,
    response: enveloped(
      {
        200: success(Envelope(Type.Ref(PasskeySchema)), 'The renamed passkey', Sample.envelope(passkey)),
        400: failure('`Invalid passkey ID`, `Validation failed` with `details`, or `Invalid request data format`', [
          errorExample('The id is not a positive integer', ErrorCode.VALIDATION_ERROR, Message.INVALID_PASSKEY_ID),
          Examples.validation({ Name: 'Name is required' }),
          Examples.invalidFormat,
        ]),
        401: bearer401,
        404: passkeyNotFound,
      },
      { body: true },
    ),
  },
  remove: {
    tags: ['passkeys'],
    operationId: 'deletePasskey',
    summary: 'Delete one of the caller’s passkeys: it signs in no more',
    description: 'Sessions it started go on; sign them out through /api/v1/auth/sessions.',
    security,
    params: PasskeyParamsSchema,
    response: enveloped(
      {
        204: noContent('Deleted; no body'),
        400: invalidPasskeyId,
        401: bearer401,
        404: passkeyNotFound,
      },
      { body: true },
    ),
  },
  authenticationOptions: {
    tags: ['passkeys'],
    operationId: 'getPasskeyAuthenticationOptions',
    summary: 'Begin a passkey sign-in: the options for navigator.credentials.get()',
    description: `Pass \`data\` to \`PublicKeyCredential.parseRequestOptionsFromJSON()\` and the result to \`navigator.credentials.get({ publicKey })\`. No credentials are listed and no email is asked for: the browser offers the passkeys it holds for this relying party. User verification is required. ${ceremony}`,
    security: [],
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(PasskeyRequestOptionsSchema)),
          'The request options',
          Sample.envelope({ rpId: 'accounts.example.com', challenge, timeout: 300000, userVerification: 'required' }),
        ),
        400: failure('`Invalid request data format`: a body that is not JSON', [Examples.invalidFormat]),
      },
      { body: true },
    ),
  },
  authenticate: {
    tags: ['passkeys'],
    operationId: 'signInWithPasskey',
    summary: 'Finish a passkey sign-in: answers like login',
    description: `The body is the bare \`AuthenticationResponseJSON\` (\`credential.toJSON()\`); its challenge is found through \`clientDataJSON\`. The assertion must answer a live challenge from an allowed origin, be signed by a registered passkey with user verification, and carry a signature counter past the stored one. A passkey sign-in needs no second factor: the answer is a new session, as a login's. Every refusal is the same 401 (the reason is in the service's log). ${ceremony}`,
    security: [],
    body: AuthenticationResponseBodySchema,
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(LoginSessionSchema)),
          'The user and a new token pair',
          Sample.envelope({ ...Sample.tokens, user: Sample.user, mfa_required: false }),
          TOKEN_HEADERS,
        ),
        400: failure('`Validation failed` with `details`, or `Invalid request data format`', [
          Examples.validation({ Signature: 'Signature is required' }),
          Examples.invalidFormat,
        ]),
        401: failure(
          '`Passkey sign-in failed`: an unknown or deleted passkey, an unknown, used or expired challenge, another origin, no user verification, a bad signature or a counter that went back',
          [errorExample('The assertion is refused', ErrorCode.UNAUTHORIZED, Message.PASSKEY_SIGN_IN_FAILED)],
        ),
        403: failure('`Email address not verified`: EMAIL_VERIFICATION=required and the account is unverified', [
          errorExample('Unverified', ErrorCode.FORBIDDEN, Message.EMAIL_NOT_VERIFIED),
        ]),
      },
      { body: true },
    ),
  },
}
