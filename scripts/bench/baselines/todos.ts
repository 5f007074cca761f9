/**
 * Baseline for `GET /api/v1/todos`: node:http, the HS256 check, the service's own statement for the
 * first batch of a whole list (a short list's rows are its count) through postgres.js, and the same JSON
 * body. No framework, so the ratio shows what ours costs.
 */
import { bearer, connect, send, serve, serviceStatement } from './shared.js'

const sql = connect()
const listTodos = serviceStatement(sql, 'todosList')

serve(
  async (req, res) => {
    if (req.method !== 'GET' || req.url !== '/api/v1/todos') return send(res, 404, { error: 'not found' })
    const claims = bearer(req)
    if (!claims) return send(res, 401, { error: 'unauthorized' })
    // The service's batch; the benchmark's lists are shorter, so the rows are the whole list.
    const rows = await listTodos({ userId: claims.user_id, limit: 500, offset: 0 })
    send(res, 200, {
      todos: rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        completed: row.completed,
        user_id: row.user_id,
        created_at: (row.created_at as Date).toISOString(),
        updated_at: (row.updated_at as Date).toISOString(),
      })),
      total: rows.length,
    })
  },
  () => sql.end({ timeout: 5 }),
)
