import { type Static, Type } from '@sinclair/typebox'
import { BODY_LIMIT, NOT_BLANK_PATTERN, Seconds, Text } from './common.js'
import { Email, Name, UserSchema } from './users.js'

/** bcrypt reads at most 72 bytes: docs/contract.md refuses longer passwords instead of truncating them. */
export const PASSWORD_MAX_BYTES = 72

/** The password rule depends on PASSWORD_MIN_LENGTH, so the register body is built from it. */
export const Password = (minLength: number) =>
  Type.String({
    minLength,
    maxLength: PASSWORD_MAX_BYTES,
    maxBytes: PASSWORD_MAX_BYTES,
    pattern: NOT_BLANK_PATTERN,
    description: `At least ${minLength} characters and at most ${PASSWORD_MAX_BYTES} bytes of UTF-8, not all white space`,
  })

export const RegisterBodySchema = (passwordMinLength: number) =>
  Type.Object(
    { name: Name, email: Email, password: Password(passwordMinLength) },
    { examples: [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine' }] },
  )
export type RegisterBody = Static<ReturnType<typeof RegisterBodySchema>>

/** A password to check against the stored one: only bcrypt's limit applies. */
const StoredPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, maxBytes: PASSWORD_MAX_BYTES })

export const LoginBodySchema = Type.Object(
  { email: Email, password: StoredPassword },
  { examples: [{ email: 'ada@example.com', password: 'analytical engine' }] },
)
export type LoginBody = Static<typeof LoginBodySchema>

/** The new password follows the registration rule, so it is built from PASSWORD_MIN_LENGTH too. */
export const ChangePasswordBodySchema = (passwordMinLength: number) =>
  Type.Object(
    { current_password: StoredPassword, new_password: Password(passwordMinLength) },
    { examples: [{ current_password: 'analytical engine', new_password: 'difference engine' }] },
  )
export type ChangePasswordBody = Static<ReturnType<typeof ChangePasswordBodySchema>>

/**
 * docs/contract.md: missing or empty is the 400 `RefreshToken is required`; any other string, whatever its
 * length or characters, is looked up (by its hash) and refused with the 401 when it is no live token.
 * The only bound is the body's own 64 KiB.
 */
export const RefreshBodySchema = Type.Object(
  {
    refresh_token: Type.String({
      nonEmpty: true,
      maxLength: BODY_LIMIT,
      description: 'The refresh token from the last pair; any other string is the 401 refresh failure',
    }),
  },
  { examples: [{ refresh_token: '4f1c0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3' }] },
)
export type RefreshBody = Static<typeof RefreshBodySchema>

/** docs/contract.md, Email and account recovery. Any other address gets the same answer. */
export const PasswordResetRequestBodySchema = Type.Object(
  { email: Email },
  { examples: [{ email: 'ada@example.com' }] },
)
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBodySchema>

/**
 * The token of an emailed link: missing or empty is `Token is required`; any other string is looked up
 * (by its hash) and, when it is no live token, is the 400 `INVALID_TOKEN`.
 */
const LinkToken = Type.String({
  nonEmpty: true,
  maxLength: BODY_LIMIT,
  description: 'The token from the emailed link (64 hex characters); it works once',
})

/** The new password follows the registration rule. */
export const PasswordResetConfirmBodySchema = (passwordMinLength: number) =>
  Type.Object(
    { token: LinkToken, password: Password(passwordMinLength) },
    {
      examples: [
        { token: '9b2f4c1d0e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c', password: 'difference engine' },
      ],
    },
  )
export type PasswordResetConfirmBody = Static<ReturnType<typeof PasswordResetConfirmBodySchema>>

export const VerifyEmailBodySchema = Type.Object(
  { token: LinkToken },
  { examples: [{ token: '9b2f4c1d0e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c' }] },
)
export type VerifyEmailBody = Static<typeof VerifyEmailBodySchema>

export const AcceptedSchema = Type.Object(
  { message: Text(200, { description: 'What happens next; the same whatever the request named' }) },
  { $id: 'Accepted' },
)
export type Accepted = Static<typeof AcceptedSchema>

const tokenFields = {
  access_token: Text(32 * 1024, {
    description: 'A JWT signed with HS256 (JWT_SECRET) or with the signing key (ES256 or EdDSA)',
  }),
  refresh_token: Type.String({
    minLength: 64,
    maxLength: 64,
    pattern: '^[0-9a-f]{64}$',
    description: '32 random bytes as 64 hex characters; usable once',
  }),
  token_type: Type.Literal('Bearer'),
  expires_in: Seconds({ minimum: 1, description: 'Access token lifetime in seconds', example: 900 }),
}

export const TokenPairSchema = Type.Object(tokenFields, { $id: 'TokenPair' })
export type TokenPair = Static<typeof TokenPairSchema>

export const AuthResultSchema = Type.Object({ ...tokenFields, user: Type.Ref(UserSchema) }, { $id: 'AuthResult' })
export type AuthResult = Static<typeof AuthResultSchema>

/**
 * A login's session: the token pair and the user, and `mfa_required: false`, which tells it apart from
 * the second-factor challenge a login may answer instead (docs/contract.md, Second factor).
 */
export const LoginSessionSchema = Type.Object(
  {
    ...tokenFields,
    user: Type.Ref(UserSchema),
    mfa_required: Type.Literal(false, { description: 'Always false here: the login is complete' }),
  },
  { $id: 'LoginSession' },
)
export type LoginSession = Static<typeof LoginSessionSchema>

export const LogoutResultSchema = Type.Object(
  { message: Type.Literal('Successfully logged out') },
  { $id: 'LogoutResult' },
)

/**
 * The access token's claims: those of docs/contract.md, and `sid`, the session it belongs to. A contract
 * shape like the bodies: resource servers that verify tokens through the JWKS read exactly these.
 */
export const AccessClaimsSchema = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    sub: Type.String({ description: 'The user id as a string' }),
    email: Type.String(),
    email_verified: Type.Boolean({ description: 'Whether the email was verified when the token was issued' }),
    name: Type.String(),
    roles: Type.Array(Type.String()),
    sid: Type.String({ description: 'The session (refresh-token family) the token was issued for, a UUID' }),
    jti: Type.String(),
    iat: Type.Integer(),
    exp: Type.Integer(),
  },
  { $id: 'AccessClaims', additionalProperties: false },
)
export type AccessClaims = Static<typeof AccessClaimsSchema>
