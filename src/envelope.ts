import { type Static, type TSchema, Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { type AppError, ErrorCode } from './errors.js'
import { Nullable, StringEnum, Timestamp } from './schemas/common.js'

export const LinksSchema = Type.Object({
  self: Type.String(),
  first: Type.String(),
  last: Type.String(),
  next: Nullable(Type.String()),
  prev: Nullable(Type.String()),
})

const metaFields = {
  request_id: Type.String({ description: 'The request’s id, as in the X-Request-ID header' }),
  timestamp: Timestamp,
}

/** The meta of every success envelope, filled in by the envelope plugin. */
export const MetaSchema = Type.Object(metaFields, { $id: 'Meta' })

/** The meta of a paginated list. */
export const PageMetaSchema = Type.Object(
  {
    ...metaFields,
    page: Type.Integer({ minimum: 1 }),
    per_page: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
    total_pages: Type.Integer({ minimum: 0 }),
    links: LinksSchema,
  },
  { $id: 'PageMeta' },
)
/** What a handler passes to ok(): the plugin adds the request id and timestamp. */
export type Meta = Partial<Static<typeof PageMetaSchema>>

/** The success envelope around a route's data; a paginated list passes PageMetaSchema. */
export const Envelope = <T extends TSchema>(data: T, meta: TSchema = MetaSchema) =>
  Type.Object({
    success: Type.Literal(true),
    data,
    meta: Type.Optional(Type.Ref(meta)),
  })

export const ErrorObjectSchema = Type.Object({
  code: StringEnum(Object.values(ErrorCode), { description: 'The error code; each has one HTTP status' }),
  message: Type.String({ description: 'Human-readable; the fixed messages are named in each response' }),
  details: Type.Optional(
    Type.Unknown({
      description:
        'VALIDATION_ERROR: capitalised field name → message; TOO_MANY_REQUESTS: `{retry_after, limit, window}`; INTERNAL_ERROR: cause text in development only',
    }),
  ),
  timestamp: Timestamp,
  path: Type.String({ description: 'The request path, without the query' }),
  request_id: Type.String({ description: 'The request’s id, as in the X-Request-ID header' }),
})

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorObjectSchema,
  },
  { $id: 'ErrorEnvelope', description: 'A failure on an enveloped route' },
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
