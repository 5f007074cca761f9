/**
 * Baseline for `GET /api/v1/todos`: node:http, the HS256 check, the service's own statement for the
 * first batch of a whole list (the todos as JSON PostgreSQL writes, and their number, which is a short
 * list's count) through postgres.js, and the same body. No framework, so the ratio shows what ours costs.
 */
import { bearer, connect, send, sendJson, serve, serviceStatement } from './shared.js'

const sql = connect()
const listTodos = serviceStatement(sql, 'todosList')

serve(
  async (req, res) => {
    if (req.method !== 'GET' || req.url !== '/api/v1/todos') return send(res, 404, { error: 'not found' })
    const claims = bearer(req)
    if (!claims) return send(res, 401, { error: 'unauthorized' })
    // The service's batch; the benchmark's lists are shorter, so it is the whole list.
    const [page] = await listTodos({ userId: claims.user_id, limit: 500, offset: 0 })
    sendJson(res, 200, `{"todos":[${page?.json}],"total":${page?.rows}}`)
  },
  () => sql.end({ timeout: 5 }),
)
