/**
 * Baseline for `GET /api/v1/users/:id`: node:http, the HS256 check, the owner-or-admin rule, the
 * service's user query through postgres.js, and the same enveloped JSON body.
 */
import { bearer, connect, send, sendEnvelope, serve } from './shared.js'

const sql = connect()
const PATH = /^\/api\/v1\/users\/(\d+)$/

// The statement the service prepares, word for word, roles included.
const findUser = (id: number) => sql`select "id", "name", "email", coalesce((
  SELECT json_agg(r.name ORDER BY ur.id)
  FROM user_roles ur JOIN roles r ON r.id = ur.role_id
  WHERE ur.user_id = "users"."id"), '[]'::json) as "roles", "created_at", "updated_at" from "users"
  where ("users"."id" = ${id} and "users"."deleted_at" IS NULL)`

serve(
  async (req, res) => {
    const match = req.method === 'GET' ? PATH.exec(req.url ?? '') : null
    if (!match) return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } })
    const claims = bearer(req)
    if (!claims) return send(res, 401, { success: false, error: { code: 'UNAUTHORIZED' } })
    const id = Number(match[1])
    if (id !== claims.user_id && !claims.roles.includes('admin'))
      return send(res, 403, { success: false, error: { code: 'FORBIDDEN' } })
    const [user] = await findUser(id)
    if (!user) return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } })
    sendEnvelope(res, {
      id: user.id,
      name: user.name,
      email: user.email,
      roles: user.roles,
      created_at: (user.created_at as Date).toISOString(),
      updated_at: (user.updated_at as Date).toISOString(),
    })
  },
  () => sql.end({ timeout: 5 }),
)
