import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
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
    authenticate: onRequestHookHandler
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
/** Verified tokens kept (the oldest goes first): a few MB at most, as only tokens that verified get in. */
const VERIFIED_MAX = 10_000

/**
 * Access tokens: signs JWTs with the current key (JWT_SECRET with HS256, the private key with ES256 or
 * EdDSA), naming it in the `kid` header, and verifies them with it or, during a rotation, with the
 * previous key. Each key accepts its own algorithm alone, so `alg: none`, other algorithms and an HMAC
 * token keyed with a published public key are refused; there is no clock leeway. Decorates the `authenticate` guard.
 */
export default fp<AuthOptions>(
  async (app, options) => {
    const { current, previous } = options.keys
    const verify = (key: VerificationKey) => ({ algorithms: [key.algorithm], clockTolerance: 0 })
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
    const verifiedClaims = (token: string): AccessClaims => {
      try {
        return app.jwt.verify<AccessClaims>(token)
      } catch (error) {
        const previous = app.jwt.previous
        if (!OTHER_KEY.includes((error as { code?: string }).code ?? '') || !previous) throw error
        return previous.verify<AccessClaims>(token)
      }
    }

    // A client sends the same token with every request until it expires, so a token verified once is
    // kept, by its text, with its claims until its exp (no clock leeway, as verification allows none):
    // its next requests skip the signature, the JSON and the claim checks. This replaces fast-jwt's
    // cache, which hashes every token with SHA-256 for its key (a tenth of the CPU the cache saved);
    // since only tokens that verified are kept, no one can fill it with tokens of their own making.
    const verified = new Map<string, AccessClaims>()
    const claimsOf = (token: string): AccessClaims => {
      const known = verified.get(token)
      if (known !== undefined) {
        if (Date.now() <= known.exp * 1000) return known
        verified.delete(token)
      }
      const claims = verifiedClaims(token)
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string)
      verified.set(token, claims)
      return claims
    }

    // The token is read and verified here rather than through request.jwtVerify(), which decodes every
    // token once more before verifying it and passes it through a chain of callbacks: a tenth of the
    // CPU of a cheap authenticated read. A callback hook: it never waits.
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const header = request.headers.authorization
      if (!header) return done(unauthorized(Message.UNAUTHORIZED, bearerChallenge()))
      // Another scheme (Basic, …) is no attempt at a bearer token: a challenge without an error.
      if (!BEARER.test(header)) return done(unauthorized(Message.INVALID_TOKEN, bearerChallenge()))
      const [, token, extra] = header.split(' ')
      try {
        if (!token || extra !== undefined) throw new Error('not one token after the scheme')
        request.user = claimsOf(token)
      } catch {
        // Every verification failure is the caller's: none may become a 500.
        return done(unauthorized(Message.INVALID_TOKEN, bearerChallenge(true)))
      }
      done()
    })
  },
  { name: 'auth' },
)
