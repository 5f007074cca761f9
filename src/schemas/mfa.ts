import { type Static, Type } from '@sinclair/typebox'
import { PASSWORD_MAX_BYTES } from './auth.js'
import { Int32, Seconds, StringEnum, Text } from './common.js'

/** A password checked against the stored one: only bcrypt's limit applies. */
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, maxBytes: PASSWORD_MAX_BYTES })

/** A TOTP code as authenticator apps show it. */
export const TotpCode = Type.String({
  pattern: '^[0-9]{6}$',
  minLength: 6,
  maxLength: 6,
  description: 'Six digits from the authenticator app (RFC 6238: SHA-1, 30-second steps)',
  example: '492039',
})

/** A recovery code as it was shown; case, dashes and spaces do not matter. */
export const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'One of the recovery codes shown when TOTP was turned on; each works once',
  example: '7k2m-q9xd-4hv1-c8pz',
})

export const StartTotpBodySchema = Type.Object(
  { password: Password },
  { examples: [{ password: 'analytical engine' }], additionalProperties: false },
)

export const ConfirmTotpBodySchema = Type.Object(
  { code: TotpCode },
  { examples: [{ code: '492039' }], additionalProperties: false },
)

/** The password and one proof: a code, or a recovery code for someone who lost the authenticator. */
export const RemoveTotpBodySchema = Type.Object(
  { password: Password, code: Type.Optional(TotpCode), recovery_code: Type.Optional(RecoveryCode) },
  { examples: [{ password: 'analytical engine', code: '492039' }], additionalProperties: false },
)
export type RemoveTotpBody = Static<typeof RemoveTotpBodySchema>

export const TotpEnrolmentSchema = Type.Object(
  {
    secret: Text(64, { description: 'The shared secret in base32, for typing into an authenticator app' }),
    otpauth_uri: Text(2048, {
      description: 'The same secret as an `otpauth://totp/` URI, for a QR code; treat it as the secret',
    }),
  },
  { $id: 'TotpEnrolment' },
)
export type TotpEnrolment = Static<typeof TotpEnrolmentSchema>

export const RecoveryCodesSchema = Type.Object(
  {
    recovery_codes: Type.Array(Text(19), {
      minItems: 10,
      maxItems: 10,
      description: 'Ten single-use codes, shown this once: only their digests are stored',
    }),
  },
  { $id: 'RecoveryCodes' },
)
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>

export const SecondFactorStatusSchema = Type.Object(
  {
    totp: Type.Boolean({ description: 'TOTP is on: a password login asks for a code' }),
    recovery_codes_left: Int32({ maximum: 10, description: 'Unused recovery codes' }),
    passkeys: Int32({ description: 'Registered passkeys' }),
  },
  { $id: 'SecondFactorStatus' },
)
export type SecondFactorStatus = Static<typeof SecondFactorStatusSchema>

/** The second step's body: the login's `mfa_token` and one proof. */
export const VerifyMfaBodySchema = Type.Object(
  {
    mfa_token: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'The `mfa_token` from the login answer; any other string is the 401',
    }),
    code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
  },
  {
    examples: [{ mfa_token: '9c1f0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3', code: '492039' }],
    additionalProperties: false,
  },
)
export type VerifyMfaBody = Static<typeof VerifyMfaBodySchema>

/** A password login that waits for its second factor: no tokens yet. */
export const MfaChallengeSchema = Type.Object(
  {
    mfa_required: Type.Literal(true, { description: 'Always true here: send a code to /api/v1/auth/mfa/verify' }),
    mfa_token: Text(64, {
      pattern: '^[0-9a-f]{64}$',
      description: '32 random bytes as hex: single use, for 5 minutes, and ended by the fifth wrong code',
    }),
    methods: Type.Array(StringEnum(['totp', 'recovery_code'] as const), {
      minItems: 1,
      maxItems: 2,
      description: 'What /api/v1/auth/mfa/verify accepts: `code` (totp) or `recovery_code`',
    }),
    expires_in: Seconds({ minimum: 1, description: 'Seconds the `mfa_token` stays valid', example: 300 }),
  },
  { $id: 'MfaChallenge' },
)
export type MfaChallenge = Static<typeof MfaChallengeSchema>
