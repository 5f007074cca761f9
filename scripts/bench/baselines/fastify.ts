/**
 * What the bare-Fastify baselines share: Fastify 5 as it comes, @fastify/jwt's `request.jwtVerify()`
 * with the HS256 secret, postgres.js with its defaults and the service's pool size, the X-Request-ID a
 * client can rely on, and an exit when the benchmark is gone. No hook, plugin or setting beyond those:
 * the ratio shows what the service's features cost on top of the framework.
 */
import jwt from '@fastify/jwt'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { AccessClaims } from '../../../src/schemas/auth.js'
import { connect, exitWithParent, setting } from './shared.js'

declare module '@fastify/jwt' {
  interface FastifyJWT {
    user: AccessClaims
  }
}

export const sql = connect()

/** Schema pieces as the service's response schemas write them (same keys, same order). */
export const timestamp = { type: 'string', format: 'date-time' } as const

export function bareFastify(): FastifyInstance {
  const app = Fastify({ logger: false, keepAliveTimeout: 120_000 })
  void app.register(jwt, { secret: setting('JWT_SECRET') })
  app.addHook('onClose', () => sql.end({ timeout: 5 }))
  return app
}

/** The authentication every example of @fastify/jwt shows: an onRequest hook around `jwtVerify`. */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('x-request-id', request.id)
  try {
    await request.jwtVerify()
  } catch {
    await reply.code(401).send({ success: false, error: { code: 'UNAUTHORIZED' } })
  }
}

export async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: Number(setting('SERVER_PORT')), host: setting('SERVER_HOST', '127.0.0.1') })
  const close = () => void app.close().finally(() => process.exit(0))
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
  exitWithParent()
}
