/**
 * HS256 access tokens with node:crypto alone: the token format the service signs and verifies (the
 * secret named by `kid` in the header; the claims of docs/contract.md and `sid`, the session). The
 * baselines sign and verify with it; the benchmark's own users get theirs from the service's code.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { AccessClaims } from '../../../src/schemas/auth.js'

const mac = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest()

// The service's key id: the start of the secret's SHA-256, which names it without revealing it.
const headers = new Map<string, string>()
const headerFor = (secret: string) => {
  let header = headers.get(secret)
  if (header === undefined) {
    const kid = createHash('sha256').update(secret).digest('base64url').slice(0, 16)
    header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid })).toString('base64url')
    headers.set(secret, header)
  }
  return header
}

export function signAccessToken(
  user: { id: number; email: string; name: string; roles: string[] },
  session: string,
  secret: string,
  ttlSeconds: number,
): string {
  const iat = Math.floor(Date.now() / 1000)
  const claims: AccessClaims = {
    user_id: user.id,
    sub: String(user.id),
    email: user.email,
    // Seeded accounts are never verified, as after registration.
    email_verified: false,
    name: user.name,
    roles: user.roles,
    sid: session,
    jti: randomUUID(),
    iat,
    exp: iat + ttlSeconds,
  }
  const body = `${headerFor(secret)}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  return `${body}.${mac(body, secret).toString('base64url')}`
}

/** The claims of a token signed with the secret under HS256 and not yet expired (no leeway). */
export function verifyAccessToken(token: string, secret: string): AccessClaims | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [header, payload, signature] = parts as [string, string, string]
  try {
    // Only HS256, as the service accepts: `alg: none` and every other algorithm are refused.
    if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256') return undefined
    const expected = mac(`${header}.${payload}`, secret)
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims
    return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : undefined
  } catch {
    return undefined
  }
}
