import { type Static, Type } from '@sinclair/typebox'
import type { UserRecord } from '../db/repositories/users.js'
import { BODY_LIMIT, NOT_BLANK_PATTERN, Seconds, Text } from './common.js'
import { Email, Name, toPublicUser, UserSchema } from './users.js'

/** bcrypt reads at most 72 bytes: decisions.md refuses longer passwords instead of truncating them. */
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
    { example: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery' } },
  )
export type RegisterBody = Static<ReturnType<typeof RegisterBodySchema>>

/** A password to check against the stored one: only bcrypt's limit applies. */
const StoredPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, maxBytes: PASSWORD_MAX_BYTES })

export const LoginBodySchema = Type.Object(
  { email: Email, password: StoredPassword },
  { example: { email: 'ada@example.com', password: 'correct horse battery' } },
)
export type LoginBody = Static<typeof LoginBodySchema>

/** The new password follows the registration rule, so it is built from PASSWORD_MIN_LENGTH too. */
export const ChangePasswordBodySchema = (passwordMinLength: number) =>
  Type.Object(
    { current_password: StoredPassword, new_password: Password(passwordMinLength) },
    { example: { current_password: 'correct horse battery', new_password: 'a longer passphrase still' } },
  )
export type ChangePasswordBody = Static<ReturnType<typeof ChangePasswordBodySchema>>

/**
 * decisions.md: missing or empty is the 400 `RefreshToken is required`; any other string, whatever its
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
  { example: { refresh_token: '4f1c0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3' } },
)
export type RefreshBody = Static<typeof RefreshBodySchema>

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

/** A new session's answer: its token pair and the user's public shape. */
export const toAuthResult = ({ user, tokens }: { user: UserRecord; tokens: TokenPair }): AuthResult => ({
  ...tokens,
  user: toPublicUser(user),
})

export const LogoutResultSchema = Type.Object(
  { message: Type.Literal('Successfully logged out') },
  { $id: 'LogoutResult' },
)

/**
 * The access token's claims: those of decisions.md, and `sid`, the session it belongs to. A contract
 * shape like the bodies: resource servers that verify tokens through the JWKS read exactly these.
 */
export const AccessClaimsSchema = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    sub: Type.String({ description: 'The user id as a string' }),
    email: Type.String(),
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
