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

const BAD_SIGNATURE = 'FST_JWT_AUTHORIZATION_TOKEN_INVALID'

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

    /** A token the current secret rejects for its signature may be one signed before the rotation. */
    const verifyWithPrevious = (request: FastifyRequest) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? ''
      request.user = app.jwt.previous?.verify<AccessClaims>(token) as AccessClaims
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized(Message.UNAUTHORIZED, bearerChallenge())
      try {
        await request.jwtVerify()
      } catch (error) {
        const code = (error as { code?: unknown }).code
        try {
          if (code !== BAD_SIGNATURE || !app.jwt.previous) throw error
          verifyWithPrevious(request)
        } catch {
          // Every verification failure is the caller's: @fastify/jwt passes some fast-jwt errors
          // (a foreign algorithm, a missing signature) through unwrapped, and none may become a 500.
          throw unauthorized(Message.INVALID_TOKEN, bearerChallenge(code !== 'FST_JWT_NO_AUTHORIZATION_IN_HEADER'))
        }
      }
    })

    app.decorate('requireRole', (role: string) => async (request: FastifyRequest) => {
      if (!request.user?.roles?.includes(role)) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
    })
  },
  { name: 'auth' },
)
