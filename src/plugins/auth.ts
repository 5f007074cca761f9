import { createHash } from 'node:crypto'
import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { bearerChallenge, forbidden, Message, unauthorized } from '../errors.js'

/** The access token's claims: those of decisions.md, and `sid`, the session it belongs to. */
export interface AccessClaims {
  user_id: number
  sub: string
  email: string
  name: string
  roles: string[]
  /** The session (refresh-token family) the token was issued for. */
  sid: string
  jti: string
  iat: number
  exp: number
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'exp'>
    user: AccessClaims
  }
  interface JWT {
    /** Registered only while JWT_SECRET_PREVIOUS is set. */
    previous?: JWT
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid HS256 access token, or 401 with a Bearer challenge. */
    authenticate: Guard
    /** Hook factory (after authenticate): the caller must hold the role, or 403. */
    requireRole: (role: string) => Guard
  }
}

export interface AuthOptions {
  secret: string
  /** Accepted for verification only, so rotating JWT_SECRET logs nobody out. */
  previousSecret: string | undefined
  accessTtlSeconds: number
}

/** A key id that names a secret without revealing anything about it. */
export const keyId = (secret: string) => createHash('sha256').update(secret).digest('base64url').slice(0, 16)

// fast-jwt's code for a signature that does not match the key.
const BAD_SIGNATURE = 'FAST_JWT_INVALID_SIGNATURE'
const BEARER = /^Bearer\s/i

/**
 * Access tokens: signs HS256 JWTs with JWT_SECRET, naming it in the `kid` header, and verifies them
 * with it or, during a rotation, with JWT_SECRET_PREVIOUS. Only HS256 is accepted (so `alg: none` and
 * other algorithms are refused) and there is no clock leeway. Decorates the two guards.
 */
export default fp<AuthOptions>(
  async (app, options) => {
    // The verifier caches a token it has verified (until its exp), so a client's repeated requests skip
    // the HMAC and the JSON parsing.
    const verify = { algorithms: ['HS256' as const], clockTolerance: 0, cache: 10_000 }
    await app.register(jwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', expiresIn: options.accessTtlSeconds, kid: keyId(options.secret) },
      verify,
    })
    if (options.previousSecret)
      await app.register(jwt, { namespace: 'previous', secret: options.previousSecret, verify })

    /**
     * The token's claims. A token the current secret rejects for its signature may be one signed
     * before the rotation.
     */
    const claimsOf = (token: string): AccessClaims => {
      try {
        return app.jwt.verify<AccessClaims>(token)
      } catch (error) {
        const previous = app.jwt.previous
        if ((error as { code?: unknown }).code !== BAD_SIGNATURE || !previous) throw error
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

    app.decorate('requireRole', (role: string) => async (request: FastifyRequest) => {
      if (!request.user?.roles?.includes(role)) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
    })
  },
  { name: 'auth' },
)
