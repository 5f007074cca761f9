import type { FastifyRequest } from 'fastify'

/**
 * One key shared by every request whose address cannot be read (the spec's literal `unknown`), so
 * they are limited together rather than not at all.
 */
export const UNKNOWN_CLIENT = 'unknown'

/**
 * The client key: the direct client IP, or with TRUST_PROXY set the address Fastify's `request.ip`
 * already derives from `X-Forwarded-For` by the trusted-proxy rules (docs/contract.md). The spec's fallback
 * to `X-Forwarded-For` and `X-Real-IP` when the IP is empty is not taken: a client would then choose its
 * own key by sending the header, which docs/contract.md rules out. Such requests share UNKNOWN_CLIENT.
 */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  return request.ip || UNKNOWN_CLIENT
}
