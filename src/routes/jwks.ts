import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Text } from '../schemas/common.js'
import { type Jwks, JwksSchema } from '../schemas/jwks.js'
import { Examples, failure, noContent, success, unlimited } from '../schemas/responses.js'

export interface JwksOptions {
  jwks: Jwks
  accessTtlSeconds: number
}

/** Long enough that resource servers rarely ask, short beside an access token's life. */
const MAX_AGE_SECONDS = 300

const CACHE_HEADERS = {
  'Cache-Control': Text(64, {
    'x-required': true,
    description: `\`public, max-age=${MAX_AGE_SECONDS}\`, or half the access-token lifetime when shorter`,
  }),
  ETag: Text(64, {
    'x-required': true,
    description: 'Send it in `If-None-Match` to get a 304 while the keys are unchanged',
  }),
}

/**
 * GET /.well-known/jwks.json: the public keys that verify access tokens, so other services check tokens
 * without holding a secret that could also mint them. A standard document: no envelope. Exempt from the
 * rate limiter like the health probes: it is static, and resource servers poll it, many from one address.
 */
const jwksRoutes: FastifyPluginAsyncTypebox<JwksOptions> = async (app, { jwks, accessTtlSeconds }) => {
  // A retired key stays in verifiers' caches for max-age: keep that below the token lifetime.
  const cacheControl = `public, max-age=${Math.min(MAX_AGE_SECONDS, Math.floor(accessTtlSeconds / 2))}`
  const etag = `"${createHash('sha256').update(JSON.stringify(jwks)).digest('base64url')}"`
  const matches = (ifNoneMatch: string | undefined) =>
    ifNoneMatch?.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim())) ?? false

  app.get(
    '/.well-known/jwks.json',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['keys'],
        operationId: 'getJwks',
        summary: 'The public keys that verify access tokens (ES256 or EdDSA; empty with HS256)',
        description:
          'A JWK Set (RFC 7517): the signing key and, during a rotation, the previous one. Send the ETag back in `If-None-Match` for a 304 while the keys are unchanged.',
        security: [],
        response: unlimited({
          200: success(
            JwksSchema,
            'The key set',
            {
              keys: [
                {
                  kty: 'EC',
                  crv: 'P-256',
                  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
                  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
                  kid: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
                  alg: 'ES256',
                  use: 'sig',
                },
              ],
            },
            CACHE_HEADERS,
          ),
          304: noContent('Not modified: the ETag still matches', CACHE_HEADERS),
          503: failure('`Service temporarily unavailable`: the request outlasted SERVER_WRITETIMEOUT', [
            Examples.unavailable,
          ]),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheControl).header('etag', etag)
      // Sent without a payload: with one, even null, Fastify writes the Content-Type and Content-Length
      // of a body a 304 never carries (RFC 9110 §15.4.5). Only the untyped reply takes no payload.
      if (matches(request.headers['if-none-match'])) return (reply as FastifyReply).status(304).send()
      return jwks
    },
  )
}

export default jwksRoutes
