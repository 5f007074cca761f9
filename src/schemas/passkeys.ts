import { type Static, type TProperties, Type } from '@sinclair/typebox'
import { MAX_PASSKEYS } from '../limits.js'
import { Id, Int32, Nullable, PRINTABLE_PATTERN, StringEnum, Text, Timestamp } from './common.js'

/**
 * The WebAuthn JSON forms (W3C WebAuthn Level 3, `PublicKeyCredential.toJSON()` and the options'
 * JSON), as a browser produces and consumes them. Their objects stay open to members a later browser
 * adds; every string has a bound, so nothing unbounded reaches the verifier.
 */
const Base64Url = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$', description })

/** The transports WebAuthn Level 3 names (`AuthenticatorTransport`, and `cable` and `smart-card`). */
const Transports = Type.Array(StringEnum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const), {
  maxItems: 8,
  description: 'How the client can reach the authenticator',
})

/** A COSE algorithm identifier (IANA): ES256 is -7, EdDSA -8, RS256 -257. */
const CoseAlgorithm = Type.Integer({ format: 'int32', minimum: -65536, maximum: 65535 })

const CredentialDescriptor = Type.Object({
  id: Base64Url(1400, 'A credential id'),
  type: Text(16, { description: '`public-key`' }),
  transports: Type.Optional(Type.Array(Text(16), { maxItems: 8 })),
})

/** A passkey's name as the list shows it. */
const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: PRINTABLE_PATTERN,
  description: 'What the list shows, 1 to 64 characters',
  example: 'Laptop',
})

export const PasskeyRegistrationOptionsBodySchema = Type.Object(
  { name: Type.Optional(PasskeyName) },
  { examples: [{ name: 'Laptop' }], additionalProperties: false },
)

export const RenamePasskeyBodySchema = Type.Object(
  { name: PasskeyName },
  { examples: [{ name: 'Work phone' }], additionalProperties: false },
)

export const PasskeyParamsSchema = Type.Object({ id: Id({ description: 'A passkey id, from the list' }) })

/** `PublicKeyCredentialCreationOptionsJSON`: give it to `PublicKeyCredential.parseCreationOptionsFromJSON()`. */
export const PasskeyCreationOptionsSchema = Type.Object(
  {
    rp: Type.Object({ id: Type.Optional(Text(253)), name: Text(255) }),
    user: Type.Object({
      id: Base64Url(64, 'The account’s user handle: random, the same for all its passkeys'),
      name: Text(255),
      displayName: Text(255),
    }),
    challenge: Base64Url(128, 'Single use, for 5 minutes'),
    pubKeyCredParams: Type.Array(Type.Object({ alg: CoseAlgorithm, type: Type.Literal('public-key') }), {
      maxItems: 16,
    }),
    timeout: Type.Optional(Int32({ description: 'Milliseconds' })),
    excludeCredentials: Type.Optional(
      Type.Array(CredentialDescriptor, { maxItems: MAX_PASSKEYS, description: 'The account’s passkeys' }),
    ),
    authenticatorSelection: Type.Optional(
      Type.Object(
        {
          residentKey: Type.Optional(Text(16)),
          requireResidentKey: Type.Optional(Type.Boolean()),
          userVerification: Type.Optional(Text(16)),
          authenticatorAttachment: Type.Optional(Text(16)),
        },
        { additionalProperties: true },
      ),
    ),
    attestation: Type.Optional(Text(16)),
    hints: Type.Optional(Type.Array(Text(32), { maxItems: 8 })),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'PasskeyCreationOptions', additionalProperties: true },
)

/** `PublicKeyCredentialRequestOptionsJSON`: give it to `PublicKeyCredential.parseRequestOptionsFromJSON()`. */
export const PasskeyRequestOptionsSchema = Type.Object(
  {
    challenge: Base64Url(128, 'Single use, for 5 minutes'),
    timeout: Type.Optional(Int32({ description: 'Milliseconds' })),
    rpId: Type.Optional(Text(253)),
    allowCredentials: Type.Optional(
      Type.Array(CredentialDescriptor, {
        maxItems: MAX_PASSKEYS,
        description: 'Empty: the browser offers the user’s discoverable passkeys',
      }),
    ),
    userVerification: Type.Optional(Text(16)),
    hints: Type.Optional(Type.Array(Text(32), { maxItems: 8 })),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'PasskeyRequestOptions', additionalProperties: true },
)

/**
 * A `PublicKeyCredential` as `toJSON()` writes it: the members both ceremonies share around the
 * authenticator's `response`, with one true example.
 */
const CredentialJson = <R extends TProperties>(response: R, example: Record<string, unknown>) =>
  Type.Object(
    {
      id: Base64Url(1400, 'The credential’s id'),
      rawId: Base64Url(1400, 'The same id'),
      type: Type.Literal('public-key'),
      response: Type.Object(
        { clientDataJSON: Base64Url(4096, 'The client data the authenticator signed over'), ...response },
        { additionalProperties: true },
      ),
      authenticatorAttachment: Type.Optional(StringEnum(['platform', 'cross-platform'] as const)),
      clientExtensionResults: Type.Object({}, { additionalProperties: true, description: 'As the browser gave them' }),
    },
    {
      additionalProperties: true,
      examples: [
        {
          id: 'bXHm1sg5qbVf2EqshlM8lA',
          rawId: 'bXHm1sg5qbVf2EqshlM8lA',
          type: 'public-key',
          response: example,
          authenticatorAttachment: 'platform',
          clientExtensionResults: {},
        },
      ],
    },
  )

/** `RegistrationResponseJSON`, the bare JSON of the credential `navigator.credentials.create()` made. */
export const RegistrationResponseBodySchema = CredentialJson(
  {
    attestationObject: Base64Url(32768, 'The attestation: the new public key and its authenticator data'),
    authenticatorData: Type.Optional(Base64Url(16384, 'The authenticator data')),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(CoseAlgorithm),
    publicKey: Type.Optional(Base64Url(4096, 'The public key, SubjectPublicKeyInfo')),
  },
  {
    clientDataJSON:
      'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoicTFMOXhxM2IyaFF6V20yVDh0cTBiOXBRM24xczVOMGtxOWRYbEs4elgycyIsIm9yaWdpbiI6Imh0dHBzOi8vYWNjb3VudHMuZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9',
    attestationObject:
      'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViU4ILtVEIJk_Syd_THf3PZ-TwKn6j1IK3OofN4VE2RGNJFAAAAAAAAAAAAAAAAAAAAAAAAAAAAEG1x5tbIOam1X9hKrIZTPJSlAQIDJiABIVggMgmpEb-wmkmkyz_lmEZ1BHP4rXVa8U6Rqne87OqyVAciWCDg4WPLGJXT-9c5t9zhgwuoENjMMmu7HQeFGwKSx6QeVA',
    transports: ['internal'],
  },
)
export type RegistrationResponseBody = Static<typeof RegistrationResponseBodySchema>

/** `AuthenticationResponseJSON`, the bare JSON of the assertion `navigator.credentials.get()` made. */
export const AuthenticationResponseBodySchema = CredentialJson(
  {
    authenticatorData: Base64Url(16384, 'The authenticator data'),
    signature: Base64Url(2048, 'The assertion’s signature'),
    userHandle: Type.Optional(Base64Url(128, 'The account’s user handle, as the passkey keeps it')),
  },
  {
    clientDataJSON:
      'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiWm05dlltRnlZbUY2Y1hWNGNYVjFlR052Y21kbFozSmhkV3gwWjJGeWNHeDUiLCJvcmlnaW4iOiJodHRwczovL2FjY291bnRzLmV4YW1wbGUuY29tIiwiY3Jvc3NPcmlnaW4iOmZhbHNlfQ',
    authenticatorData: '4ILtVEIJk_Syd_THf3PZ-TwKn6j1IK3OofN4VE2RGNIFAAAAAQ',
    signature: 'MEUCIQCR62zRIX5R1FhezBhu5qYD9FJ7lLmQBVV9EJIhHOJDHgIgLuoRlQ_AqqsO8eC_2-WPR6UYMD5ulFISYZqjB-Fqavc',
    userHandle: 'mR1wV6t0dDq2Yb4s8uJq3n1s5N0kq9dXlK8zX2sQ0aE',
  },
)
export type AuthenticationResponseBody = Static<typeof AuthenticationResponseBodySchema>

export const PasskeySchema = Type.Object(
  {
    id: Id(),
    name: Text(64),
    created_at: Timestamp,
    last_used_at: Nullable(Type.String({ ...Timestamp, description: 'The last sign-in with it; null if none' })),
    backed_up: Type.Boolean({ description: 'Synced by its provider to the user’s other devices' }),
    transports: Type.Array(Text(16), { maxItems: 8, description: 'How the browser can reach the authenticator' }),
  },
  { $id: 'Passkey' },
)
export type Passkey = Static<typeof PasskeySchema>
