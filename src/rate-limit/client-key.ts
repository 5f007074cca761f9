import type { FastifyRequest } from 'fastify'

/**
 * The spec's client key: the direct client IP; if that is empty, the first `X-Forwarded-For` entry,
 * then `X-Real-IP`, then the literal `unknown`. With TRUST_PROXY=true Fastify's `request.ip` is already
 * the address the trusted-proxy rules derive from `X-Forwarded-For` (docs/contract.md).
 */
export function clientKey(request: Pick<FastifyRequest, 'ip' | 'headers'>): string {
  if (request.ip) return request.ip
  const forwarded = single(request.headers['x-forwarded-for'])?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  const real = single(request.headers['x-real-ip'])?.trim()
  return real || 'unknown'
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
