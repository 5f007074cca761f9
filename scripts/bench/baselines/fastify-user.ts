/**
 * Bare-Fastify baseline for `GET /api/v1/users/:id`: @fastify/jwt, the owner-or-admin rule, a response
 * schema, and the plainest query the spec allows (the live user and its role names in the order they
 * were assigned), as a postgres.js tagged template, in the service's envelope.
 */
import { authenticate, bareFastify, listen, sql, timestamp } from './fastify.js'

const user = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    email_verified: { type: 'boolean' },
    roles: { type: 'array', items: { type: 'string' } },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const
const meta = { type: 'object', properties: { request_id: { type: 'string' }, timestamp: { type: 'string' } } } as const

const app = bareFastify()
app.get<{ Params: { id: number } }>(
  '/api/v1/users/:id',
  {
    onRequest: authenticate,
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
      response: {
        200: { type: 'object', properties: { success: { type: 'boolean' }, data: user, meta } },
      },
    },
  },
  async (request, reply) => {
    const { id } = request.params
    if (id !== request.user.user_id && !request.user.roles.includes('admin'))
      return reply.code(403).send({ success: false, error: { code: 'FORBIDDEN' } })
    const [found] = await sql`
      SELECT u.id, u.name, u.email, u.email_verified, u.created_at, u.updated_at,
        coalesce((SELECT json_agg(r.name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
          WHERE ur.user_id = u.id), '[]'::json) AS roles
      FROM users u WHERE u.id = ${id} AND u.deleted_at IS NULL`
    if (!found) return reply.code(404).send({ success: false, error: { code: 'NOT_FOUND' } })
    return { success: true, data: found, meta: { request_id: request.id, timestamp: new Date().toISOString() } }
  },
)
await listen(app)
