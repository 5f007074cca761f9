import { type Static, Type } from '@sinclair/typebox'

/** A public signing key as RFC 7517 writes it (RFC 8037 for Ed25519). */
export const JwkSchema = Type.Object(
  {
    kty: Type.String({ description: '`EC` for ES256, `OKP` for EdDSA' }),
    crv: Type.String({ description: '`P-256` for ES256, `Ed25519` for EdDSA' }),
    x: Type.String({ description: 'base64url' }),
    y: Type.Optional(Type.String({ description: 'base64url; EC keys only' })),
    kid: Type.String({
      description: 'The key’s RFC 7638 thumbprint, named in the `kid` header of the tokens it signs',
    }),
    alg: Type.Union([Type.Literal('ES256'), Type.Literal('EdDSA')]),
    use: Type.Literal('sig'),
  },
  { title: 'JWK' },
)
export type Jwk = Static<typeof JwkSchema>

export const JwksSchema = Type.Object(
  {
    keys: Type.Array(JwkSchema, {
      description: 'The signing key and, during a rotation, the previous one. Empty with HS256.',
    }),
  },
  { title: 'JWK Set', description: 'A JWK Set (RFC 7517 §5), no envelope' },
)
export type Jwks = Static<typeof JwksSchema>
