import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from './common.js'

/** 32 bytes in base64url: a P-256 coordinate, an Ed25519 key, a SHA-256 thumbprint. */
const Base64Url32 = (description: string) =>
  Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$', description })

/** A public signing key as RFC 7517 writes it (RFC 8037 for Ed25519). */
export const JwkSchema = Type.Object(
  {
    kty: StringEnum(['EC', 'OKP'], { description: '`EC` for ES256, `OKP` for EdDSA' }),
    crv: StringEnum(['P-256', 'Ed25519'], { description: '`P-256` for ES256, `Ed25519` for EdDSA' }),
    x: Base64Url32('The public key (base64url)'),
    y: Type.Optional(Base64Url32('base64url; EC keys only')),
    kid: Base64Url32('The key’s RFC 7638 thumbprint, named in the `kid` header of the tokens it signs'),
    alg: Type.Union([Type.Literal('ES256'), Type.Literal('EdDSA')]),
    use: Type.Literal('sig'),
  },
  { title: 'JWK' },
)
export type Jwk = Static<typeof JwkSchema>

export const JwksSchema = Type.Object(
  {
    keys: Type.Array(JwkSchema, {
      maxItems: 2,
      description: 'The signing key and, during a rotation, the previous one. Empty with HS256.',
    }),
  },
  { title: 'JWK Set', description: 'A JWK Set (RFC 7517 §5), no envelope' },
)
export type Jwks = Static<typeof JwksSchema>
