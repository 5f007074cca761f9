import { type Static, type TSchema, Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { type AppError, ErrorCode, Message } from './errors.js'
import {
  Int32,
  MAX_PER_PAGE,
  MAX_REQUEST_TEXT,
  Nullable,
  Seconds,
  StringEnum,
  Text,
  Timestamp,
} from './schemas/common.js'

/** A page's link: the route's path, the page, its size and the list's bounded filters. */
const Link = Text(2048)

export const LinksSchema = Type.Object({
  self: Link,
  first: Link,
  last: Link,
  next: Nullable(Link),
  prev: Nullable(Link),
})

/** The caller's X-Request-ID when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID. */
export const RequestId = Text(128, { description: 'The request’s id, as in the X-Request-ID header' })

const metaFields = { request_id: RequestId, timestamp: Timestamp }

/** The meta of every success envelope, filled in by the envelope plugin. */
export const MetaSchema = Type.Object(metaFields, { $id: 'Meta' })

/** The meta of a paginated list. */
export const PageMetaSchema = Type.Object(
  {
    ...metaFields,
    page: Int32({ minimum: 1 }),
    per_page: Int32({ minimum: 1, maximum: MAX_PER_PAGE }),
    total: Int32(),
    total_pages: Int32(),
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
  message: Text(1024, { description: 'Human-readable; the fixed messages are named in each response' }),
  details: Type.Optional(
    Type.Unknown({
      description:
        'VALIDATION_ERROR: capitalised field name → message; TOO_MANY_REQUESTS: `{retry_after, limit, window}` (RateLimitDetails); INTERNAL_ERROR: cause text in development only',
    }),
  ),
  timestamp: Timestamp,
  path: Text(MAX_REQUEST_TEXT, { description: 'The request path, without the query' }),
  request_id: RequestId,
})

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorObjectSchema,
  },
  { $id: 'ErrorEnvelope', description: 'A failure on an enveloped route' },
)
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>

/** The `details` of every 429 (rate-limit/rate-limited.ts): the spec's `{ retry_after, limit, window }`. */
export const RateLimitDetailsSchema = Type.Object(
  {
    retry_after: Seconds({ minimum: 1, description: 'Whole seconds until a request is allowed, as in Retry-After' }),
    limit: Int32({
      minimum: 1,
      description: 'Requests the bucket holds: RATE_LIMIT_REQUESTS, or the login throttle’s',
    }),
    window: Text(64, { description: 'The time the bucket takes to refill, as a duration such as `1m`' }),
  },
  { $id: 'RateLimitDetails' },
)

/**
 * The 429 of an enveloped route: the error envelope with its `details` typed, so a generated client
 * reads `retry_after` without a cast.
 */
export const RateLimitedEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      ...ErrorObjectSchema.properties,
      code: Type.Literal(ErrorCode.TOO_MANY_REQUESTS),
      message: Type.Literal(Message.RATE_LIMITED),
      details: Type.Ref(RateLimitDetailsSchema),
    }),
  },
  { $id: 'RateLimitedEnvelope', description: 'The client’s bucket is empty, on an enveloped route' },
)

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

/** RFC 6749 §5.1 (docs/contract.md): headers of every answer that carries tokens, so no cache keeps one. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }
