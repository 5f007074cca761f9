/**
 * Baseline for `POST /api/v1/auth/refresh`: node:http and the bare rotation in one postgres.js
 * transaction, with every check the service makes: lookup by hash (with the owner, live, row share-locked
 * and with roles, as the new access token needs them), a conditional claim that only an unused,
 * unrevoked, unexpired token passes, family revocation when the claim loses, and the new token inserted
 * in the same family with the client's address and user agent. The statements are the service's, word for word, plus the expiry in the claim.
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
    const [found] = await tx`select "refresh_tokens"."id", "refresh_tokens"."token_family",
      "refresh_tokens"."expires_at", "refresh_tokens"."used_at", "refresh_tokens"."revoked_at",
      "users"."id" as user_id, "users"."name", "users"."email", coalesce((
      SELECT json_agg(r.name ORDER BY ur.id)
      FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = "users"."id"), '[]'::json) as roles
      from "refresh_tokens" inner join "users"
      on ("users"."id" = "refresh_tokens"."user_id" and "users"."deleted_at" is null)
      where "refresh_tokens"."token_hash" = ${sha256(token)} for share of "users"`
    if (!found || found.revoked_at || found.expires_at <= now) return undefined
    const claimed = found.used_at
      ? []
      : await tx`update "refresh_tokens" set "used_at" = ${now} where ("refresh_tokens"."id" = ${found.id}
          and "refresh_tokens"."used_at" is null and "refresh_tokens"."revoked_at" is null
          and "refresh_tokens"."expires_at" > ${now}) returning "id"`
    if (claimed.length === 0) {
      // Reuse or a lost race: the whole family goes, and the transaction commits that.
      await tx`update "refresh_tokens" set "revoked_at" = ${now}
        where ("refresh_tokens"."token_family" = ${found.token_family} and "refresh_tokens"."revoked_at" is null)`
      return undefined
    }
    const refreshToken = randomBytes(32).toString('hex')
    await tx`insert into "refresh_tokens" ("id", "user_id", "token_hash", "token_family", "expires_at", "used_at",
      "revoked_at", "created_at", "client_ip", "user_agent") values (default, ${found.user_id}, ${sha256(refreshToken)},
      ${found.token_family}, ${new Date(now.getTime() + REFRESH_TTL_MS)}, default, default, default,
      ${client.ip?.slice(0, 64) ?? null}, ${client.userAgent?.slice(0, 512) ?? null})`
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
