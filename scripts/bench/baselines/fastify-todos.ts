/**
 * Bare-Fastify baseline for `GET /api/v1/todos`: @fastify/jwt, a response schema, and the plainest
 * query the spec allows (all of the caller's live todos, newest first; `total` is their number), as a
 * postgres.js tagged template.
 */
import { authenticate, bareFastify, listen, sql, timestamp } from './fastify.js'

const todo = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string' },
    completed: { type: 'boolean' },
    user_id: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const

const app = bareFastify()
app.get(
  '/api/v1/todos',
  {
    onRequest: authenticate,
    schema: {
      response: {
        200: { type: 'object', properties: { todos: { type: 'array', items: todo }, total: { type: 'integer' } } },
      },
    },
  },
  async (request) => {
    const todos = await sql`
      SELECT id, title, description, completed, user_id, created_at, updated_at FROM todos
      WHERE user_id = ${request.user.user_id} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`
    return { todos, total: todos.length }
  },
)
await listen(app)
