import { type Static, type TSchema, Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { AppError } from './errors.js'
import { Nullable, Timestamp } from './schemas/common.js'

export const LinksSchema = Type.Object({
  self: Type.String(),
  first: Type.String(),
  last: Type.String(),
  next: Nullable(Type.String()),
  prev: Nullable(Type.String()),
})

export const MetaSchema = Type.Object(
  {
    request_id: Type.Optional(Type.String()),
    timestamp: Type.Optional(Timestamp),
    page: Type.Optional(Type.Integer()),
    per_page: Type.Optional(Type.Integer()),
    total: Type.Optional(Type.Integer()),
    total_pages: Type.Optional(Type.Integer()),
    links: Type.Optional(LinksSchema),
  },
  { $id: 'Meta' },
)
export type Meta = Static<typeof MetaSchema>

/** The success envelope around a route's data. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Literal(true),
    data,
    meta: Type.Optional(Type.Ref(MetaSchema)),
  })

export const ErrorObjectSchema = Type.Object({
  code: Type.String({ example: 'VALIDATION_ERROR' }),
  message: Type.String({ example: 'Validation failed' }),
  details: Type.Optional(Type.Unknown({ description: 'For validation errors: capitalised field name → message' })),
  timestamp: Timestamp,
  path: Type.String({ example: '/api/v1/auth/register' }),
  request_id: Type.String(),
})

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorObjectSchema,
  },
  { $id: 'ErrorEnvelope', description: 'Every failure on an enveloped route' },
)
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>
export const ErrorEnvelopeRef = Type.Ref(ErrorEnvelopeSchema)

export function ok<T>(data: T, meta?: Meta): { success: true; data: T; meta?: Meta } {
  return meta === undefined ? { success: true, data } : { success: true, data, meta }
}

export function errorBody(error: AppError, request: FastifyRequest, details: unknown = error.details): ErrorEnvelope {
  return {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(details === undefined ? {} : { details }),
      timestamp: new Date().toISOString(),
      path: requestPath(request),
      request_id: request.id,
    },
  }
}

export const requestPath = (request: FastifyRequest) => request.url.split('?', 1)[0] as string

/** RFC 6749 §5.1 (decisions.md): headers of every answer that carries tokens, so no cache keeps one. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }
