/**
 * Baseline for `GET /api/v1/users/:id`: node:http, the HS256 check, the owner-or-admin rule, the
 * service's own user statement (roles included) through postgres.js, and the same enveloped JSON body.
 */
import { bearer, connect, send, sendEnvelope, serve, serviceStatement } from './shared.js'

const sql = connect()
const findUser = serviceStatement(sql, 'userById')
const PATH = /^\/api\/v1\/users\/(\d+)$/

serve(
  async (req, res) => {
    const match = req.method === 'GET' ? PATH.exec(req.url ?? '') : null
    if (!match) return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } })
    const claims = bearer(req)
    if (!claims) return send(res, 401, { success: false, error: { code: 'UNAUTHORIZED' } })
    const id = Number(match[1])
    if (id !== claims.user_id && !claims.roles.includes('admin'))
      return send(res, 403, { success: false, error: { code: 'FORBIDDEN' } })
    const [user] = await findUser({ id })
    if (!user) return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } })
    sendEnvelope(res, {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.email_verified,
      roles: user.roles,
      created_at: (user.created_at as Date).toISOString(),
      updated_at: (user.updated_at as Date).toISOString(),
    })
  },
  () => sql.end({ timeout: 5 }),
)
