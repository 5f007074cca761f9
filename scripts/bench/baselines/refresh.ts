/**
 * Baseline for `POST /api/v1/auth/refresh`: node:http and the bare rotation in one postgres.js
 * transaction, with every check the service makes: lookup by hash (with the owner, live, and with roles,
 * as the new access token needs them) locking the token's session row, a conditional claim that only an
 * unused, unrevoked, unexpired token of a live session passes, the session and its tokens revoked when
 * the claim loses, and otherwise the session moved to the next generation with the client's address and
 * user agent and the new token inserted in it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { signAccessToken } from './jwt.js'
import { connect, readJson, send, sendEnvelope, serve, setting } from './shared.js'

// The service's defaults (JWT_ACCESS_TOKEN_TTL 15m, JWT_REFRESH_TOKEN_TTL 168h); the benchmark keeps them.
const ACCESS_TTL_SECONDS = 15 * 60
const REFRESH_TTL_MS = 168 * 3600 * 1000

const sql = connect()
const secret = setting('JWT_SECRET')
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')
const refused = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token' } }

function rotate(token: string, client: { ip: string | null; userAgent: string | null }) {
  return sql.begin(async (tx) => {
    const now = new Date()
    const [found] = await tx`select t.id, t.token_family, t.expires_at, t.used_at, t.revoked_at,
      s.revoked_at as session_revoked_at, s.generation, u.id as user_id, u.name, u.email, coalesce((
      SELECT json_agg(r.name ORDER BY ur.id)
      FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = u.id), '[]'::json) as roles
      from refresh_tokens t join sessions s on s.id = t.token_family
      join users u on u.id = t.user_id and u.deleted_at is null
      where t.token_hash = ${sha256(token)} for no key update of s`
    if (!found || found.revoked_at || found.session_revoked_at || found.expires_at <= now) return undefined
    const claimed = found.used_at
      ? []
      : await tx`update refresh_tokens set used_at = ${now} where (id = ${found.id}
          and used_at is null and revoked_at is null and expires_at > ${now}) returning id`
    if (claimed.length === 0) {
      // Reuse or a lost race: the whole family goes, and the transaction commits that.
      await tx`update sessions set revoked_at = ${now} where id = ${found.token_family}`
      await tx`update refresh_tokens set revoked_at = ${now}
        where token_family = ${found.token_family} and revoked_at is null`
      return undefined
    }
    const refreshToken = randomBytes(32).toString('hex')
    const expiresAt = new Date(now.getTime() + REFRESH_TTL_MS)
    const generation = found.generation + 1
    await tx`update sessions set generation = ${generation}, last_used_at = now(), expires_at = ${expiresAt},
      client_ip = ${client.ip?.slice(0, 64) ?? null}, user_agent = ${client.userAgent?.slice(0, 512) ?? null}
      where id = ${found.token_family}`
    await tx`insert into refresh_tokens (user_id, token_hash, token_family, generation, expires_at)
      values (${found.user_id}, ${sha256(refreshToken)}, ${found.token_family}, ${generation}, ${expiresAt})`
    const user = { id: found.user_id, name: found.name, email: found.email, roles: found.roles }
    return {
      access_token: signAccessToken(user, found.token_family, secret, ACCESS_TTL_SECONDS),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TTL_SECONDS,
    }
  })
}

serve(
  async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/v1/auth/refresh')
      return send(res, 404, { success: false, error: { code: 'NOT_FOUND' } })
    const body = (await readJson(req)) as { refresh_token?: unknown } | undefined
    if (typeof body?.refresh_token !== 'string' || body.refresh_token === '')
      return send(res, 400, { success: false, error: { code: 'VALIDATION_ERROR' } })
    const client = { ip: req.socket.remoteAddress ?? null, userAgent: req.headers['user-agent'] ?? null }
    const pair = await rotate(body.refresh_token, client)
    if (pair) sendEnvelope(res, pair)
    else send(res, 401, refused)
  },
  () => sql.end({ timeout: 5 }),
)
