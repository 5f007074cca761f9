import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { bearerChallenge, forbidden, Message, unauthorized } from '../errors.js'

/** The access token's claims as decisions.md lists them. */
export interface AccessClaims {
  user_id: number
  sub: string
  email: string
  name: string
  roles: string[]
  jti: string
  iat: number
  exp: number
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'iat' | 'exp'>
    user: AccessClaims
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid HS256 access token, or 401 with a Bearer challenge. */
    authenticate: Guard
    /** preHandler factory: the authenticated caller must hold the role, or 403. */
    requireRole: (role: string) => Guard
  }
}

export interface AuthOptions {
  secret: string
  accessTtlSeconds: number
}

/**
 * Access tokens: signs and verifies HS256 JWTs with @fastify/jwt and decorates the two guards.
 * Only HS256 is accepted (so `alg: none` and other algorithms are refused) and there is no clock leeway.
 */
export default fp<AuthOptions>(
  async (app, options) => {
    await app.register(jwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', expiresIn: options.accessTtlSeconds },
      verify: { algorithms: ['HS256'], clockTolerance: 0 },
    })

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized(Message.UNAUTHORIZED, bearerChallenge())
      try {
        await request.jwtVerify()
      } catch (error) {
        // Every verification failure is the caller's: @fastify/jwt passes some fast-jwt errors
        // (a foreign algorithm, a missing signature) through unwrapped, and none may become a 500.
        const tokenSent = (error as { code?: unknown }).code !== 'FST_JWT_NO_AUTHORIZATION_IN_HEADER'
        throw unauthorized(Message.INVALID_TOKEN, bearerChallenge(tokenSent))
      }
    })

    app.decorate('requireRole', (role: string) => async (request: FastifyRequest) => {
      if (!request.user?.roles?.includes(role)) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
    })
  },
  { name: 'auth' },
)
