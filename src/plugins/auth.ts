import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Message, unauthorized } from '../errors.js'
import type { AccessClaims } from '../schemas/auth.js'
import type { AccessTokenKeys, VerificationKey } from '../services/signing-keys.js'

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'exp'>
    user: AccessClaims
  }
  interface JWT {
    /** Registered only during a rotation (JWT_SECRET_PREVIOUS or JWT_PREVIOUS_PUBLIC_KEY_FILE). */
    previous?: JWT
  }
}

/** RFC 6750: a 401 on a bearer-protected resource names the scheme, and the error when a token was sent. */
function bearerChallenge(tokenSent = false): Record<string, string> {
  return {
    'www-authenticate': tokenSent
      ? 'Bearer realm="api", error="invalid_token", error_description="The access token is invalid or expired"'
      : 'Bearer realm="api"',
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid access token, or 401 with a Bearer challenge. */
    authenticate: Guard
  }
}

export interface AuthOptions {
  /** The signing key, and the previous one, accepted for verification only, so a rotation logs nobody out. */
  keys: AccessTokenKeys
  accessTtlSeconds: number
}

// fast-jwt's codes for a signature that does not match the key, and for an algorithm the key does not use.
const OTHER_KEY = ['FAST_JWT_INVALID_SIGNATURE', 'FAST_JWT_INVALID_ALGORITHM']
const BEARER = /^Bearer\s/i

/**
 * Access tokens: signs JWTs with the current key (JWT_SECRET with HS256, the private key with ES256 or
 * EdDSA), naming it in the `kid` header, and verifies them with it or, during a rotation, with the
 * previous key. Each key accepts its own algorithm alone, so `alg: none`, other algorithms and an HMAC
 * token keyed with a published public key are refused; there is no clock leeway. Decorates the `authenticate` guard.
 */
export default fp<AuthOptions>(
  async (app, options) => {
    const { current, previous } = options.keys
    // The verifier caches a token it has verified (until its exp), so a client's repeated requests skip
    // the signature check and the JSON parsing.
    const verify = (key: VerificationKey) => ({ algorithms: [key.algorithm], clockTolerance: 0, cache: 10_000 })
    await app.register(jwt, {
      secret: { private: current.signKey, public: current.verifyKey },
      sign: { algorithm: current.algorithm, expiresIn: options.accessTtlSeconds, kid: current.kid },
      verify: verify(current),
    })
    if (previous)
      await app.register(jwt, {
        namespace: 'previous',
        secret: { public: previous.verifyKey },
        verify: verify(previous),
      })

    /**
     * The token's claims. A token the current key rejects for its signature or algorithm may be one
     * signed before the rotation.
     */
    const claimsOf = (token: string): AccessClaims => {
      try {
        return app.jwt.verify<AccessClaims>(token)
      } catch (error) {
        const previous = app.jwt.previous
        if (!OTHER_KEY.includes((error as { code?: string }).code ?? '') || !previous) throw error
        return previous.verify<AccessClaims>(token)
      }
    }

    // The token is read and verified here rather than through request.jwtVerify(), which decodes every
    // token once more before verifying it and passes it through a chain of callbacks: a tenth of the
    // CPU of a cheap authenticated read.
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization
      if (!header) throw unauthorized(Message.UNAUTHORIZED, bearerChallenge())
      // Another scheme (Basic, …) is no attempt at a bearer token: a challenge without an error.
      if (!BEARER.test(header)) throw unauthorized(Message.INVALID_TOKEN, bearerChallenge())
      const [, token, extra] = header.split(' ')
      try {
        if (!token || extra !== undefined) throw new Error('not one token after the scheme')
        request.user = claimsOf(token)
      } catch {
        // Every verification failure is the caller's: none may become a 500.
        throw unauthorized(Message.INVALID_TOKEN, bearerChallenge(true))
      }
    })
  },
  { name: 'auth' },
)
