/**
 * Baseline for `GET /api/v1/todos`: node:http, the HS256 check, the service's list query through
 * postgres.js, and the same JSON body. No framework, so the ratio shows what ours costs.
 */
import { bearer, connect, send, serve } from './shared.js'

const sql = connect()

// The statement the service prepares, word for word: one round trip for the page and the count.
const listTodos = (userId: number) => sql`select "id", "user_id", "title", "description", "completed",
  "created_at", "updated_at", "deleted_at", count(*) over () as "total" from "todos"
  where ("todos"."user_id" = ${userId} and "todos"."deleted_at" is null)
  order by "todos"."created_at" desc, "todos"."id" desc limit ${null} offset ${0}`

serve(
  async (req, res) => {
    if (req.method !== 'GET' || req.url !== '/api/v1/todos') return send(res, 404, { error: 'not found' })
    const claims = bearer(req)
    if (!claims) return send(res, 401, { error: 'unauthorized' })
    const rows = await listTodos(claims.user_id)
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
      total: Number(rows[0]?.total ?? 0),
    })
  },
  () => sql.end({ timeout: 5 }),
)
