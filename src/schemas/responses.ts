import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox'
import { ErrorEnvelopeSchema, RateLimitedEnvelopeSchema } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { Int32, MAX_REQUEST_TEXT, Seconds, Text, UnixSeconds } from './common.js'
import { TodoErrorSchema, TodoRateLimitedSchema } from './todos.js'

/**
 * The documented responses: the headers every answer carries, and for each status a route can send its
 * own description and examples. Only the OpenAPI document reads `headers` and `x-examples` (Fastify's
 * serialiser ignores both); the swagger plugin turns `x-required` into the header's `required` and fills
 * each error example's `path` with the route's own. Header names are written as HTTP writes them, which
 * is how lint rules and generators look them up; HTTP itself ignores their case.
 */

const REQUEST_ID = '7f9c2c1e-3b4a-4d5e-8f60-718293a4b5c6'
const TIMESTAMP = '2026-11-22T10:00:00.000Z'

type Headers = Record<string, TSchema>
export interface Example {
  summary: string
  value: unknown
}

const required = { 'x-required': true }

/** On every answer. */
const COMMON_HEADERS: Headers = {
  'X-Request-ID': Text(128, {
    ...required,
    description:
      'The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body',
  }),
  'Access-Control-Allow-Origin': Text(MAX_REQUEST_TEXT, {
    description:
      '`*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not',
  }),
}

/** On every answer of a route the rate limiter covers, when it is enabled (RATE_LIMIT_ENABLED). */
const RATE_LIMIT_HEADERS: Headers = {
  'X-RateLimit-Limit': Int32({ minimum: 1, description: 'Bucket capacity: RATE_LIMIT_REQUESTS' }),
  'X-RateLimit-Remaining': Int32({ description: 'Whole requests left in the client’s bucket' }),
  'X-RateLimit-Reset': UnixSeconds({ description: 'Unix seconds when the bucket is full again' }),
}

const retryAfter = (description: string, always: boolean): Headers => ({
  'Retry-After': Seconds({ ...(always ? required : {}), description }),
})

const WWW_AUTHENTICATE: Headers = {
  'WWW-Authenticate': Text(128, {
    ...required,
    description:
      'RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused',
  }),
}

/** The challenge of a 401 that is not always about the access token (a wrong current password is not). */
export const CHALLENGE_WHEN_TOKEN_REFUSED: Headers = {
  'WWW-Authenticate': Text(128, {
    description:
      'RFC 6750 challenge when the access token is missing or refused: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent',
  }),
}

/** NO_STORE (envelope.ts) as the document declares it. */
const noStoreHeaders = (why: string, always = true): Headers => ({
  'Cache-Control': Type.Literal('no-store', { ...(always ? required : {}), description: why }),
  Pragma: Type.Literal('no-cache', { ...(always ? required : {}), description: 'The same, for HTTP/1.0 caches' }),
})

/** docs/contract.md: answers that carry tokens must not be cached (RFC 6749 §5.1). */
export const TOKEN_HEADERS: Headers = noStoreHeaders('The body carries tokens')

/**
 * Declares NO_STORE on every response of the auth routes, whose every answer sends it but the rate
 * limiter's 429: the limiter answers before the routes' own hooks run (the login throttle's 429 has
 * it). What a response already says about them is kept.
 */
export function noStore(responses: Record<number, TSchema>): Record<number, TSchema> {
  const why = 'Every answer of the auth routes is kept from caches, failures included'
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      {
        ...schema,
        headers: {
          ...(status === '429'
            ? noStoreHeaders(`${why}; the rate limiter’s 429 has neither, the login throttle’s has both`, false)
            : noStoreHeaders(why)),
          ...(schema.headers as Headers | undefined),
        },
      },
    ]),
  )
}

/** A success response: its schema, what it means, and a true example. */
export const success = <T extends TSchema>(schema: T, description: string, example: unknown, headers: Headers = {}) =>
  documented(schema, description, { [exampleName(description)]: { summary: description, value: example } }, headers)

/** A response without a body (204, 304). */
export const noContent = (description: string, headers: Headers = {}) =>
  Type.Null({ description, headers: { ...COMMON_HEADERS, ...headers } })

const exampleName = (summary: string) =>
  summary
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)

// ---- Enveloped failures ----

/** An error envelope as the service sends it; `path` is filled in with the route's own. */
export const errorExample = (summary: string, code: ErrorCode, message: string, details?: unknown): Example => ({
  summary,
  value: {
    success: false,
    error: {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      timestamp: TIMESTAMP,
      path: EXAMPLE_PATH,
      request_id: REQUEST_ID,
    },
  },
})

/** Stands for the route's own path in an error example until the swagger plugin fills it in. */
export const EXAMPLE_PATH = '{path}'

const byName = (examples: Example[]) =>
  Object.fromEntries(examples.map((example) => [exampleName(example.summary), example]))

/**
 * A response: its schema with its description, examples and headers. A `$ref` with siblings loses them
 * on the way into the document, so a response that names a shared schema wraps it in a one-member
 * `allOf`, which keeps them.
 */
function documented<T extends TSchema>(
  schema: T,
  description: string,
  examples: Record<string, Example>,
  headers: Headers,
): TUnsafe<Static<T>> {
  const documentation = { description, headers: { ...COMMON_HEADERS, ...headers }, 'x-examples': examples }
  return Type.Unsafe<Static<T>>(
    '$ref' in schema ? { allOf: [schema], ...documentation } : { ...schema, ...documentation },
  )
}

export const failure = (description: string, examples: Example[], headers: Headers = {}) =>
  documented(Type.Ref(ErrorEnvelopeSchema), description, byName(examples), headers)

export const Examples = {
  validation: (details: Record<string, string>, summary = 'A field fails validation') =>
    errorExample(summary, ErrorCode.VALIDATION_ERROR, Message.VALIDATION_FAILED, details),
  invalidFormat: errorExample(
    'Malformed JSON, an empty body or another content type',
    ErrorCode.VALIDATION_ERROR,
    Message.INVALID_FORMAT,
  ),
  missingToken: errorExample('No Authorization header', ErrorCode.UNAUTHORIZED, Message.UNAUTHORIZED),
  invalidToken: errorExample(
    'A malformed, expired or badly signed access token',
    ErrorCode.UNAUTHORIZED,
    Message.INVALID_TOKEN,
  ),
  tooLarge: errorExample('A body over 64 KiB', ErrorCode.PAYLOAD_TOO_LARGE, Message.PAYLOAD_TOO_LARGE),
  timeout: errorExample(
    'The body did not arrive within SERVER_READTIMEOUT',
    ErrorCode.REQUEST_TIMEOUT,
    Message.REQUEST_TIMEOUT,
  ),
  rateLimited: errorExample('The client’s bucket is empty', ErrorCode.TOO_MANY_REQUESTS, Message.RATE_LIMITED, {
    retry_after: 2,
    limit: 50,
    window: '1m',
  }),
  internal: errorExample('An unexpected failure', ErrorCode.INTERNAL_ERROR, Message.INTERNAL),
  unavailable: errorExample(
    'The database cannot be reached or is read-only',
    ErrorCode.SERVICE_UNAVAILABLE,
    Message.UNAVAILABLE,
  ),
}

/** Where a body is read: too slow (the server's read timeout) or too large. */
const ENVELOPE_BODY_FAILURES: Record<number, TSchema> = {
  408: failure(`\`${Message.REQUEST_TIMEOUT}\`: the body did not arrive within SERVER_READTIMEOUT`, [Examples.timeout]),
  413: failure('`Request body is too large`: the body is over 64 KiB', [Examples.tooLarge]),
}

const RATE_LIMITED_DESCRIPTION =
  'Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty'

/** The statuses every enveloped route under /api/v1 can send, beyond its own. */
const envelopeCommon = (options: { body: boolean; database: boolean }): Record<number, TSchema> => ({
  ...(options.body ? ENVELOPE_BODY_FAILURES : {}),
  429: documented(
    Type.Ref(RateLimitedEnvelopeSchema),
    RATE_LIMITED_DESCRIPTION,
    byName([Examples.rateLimited]),
    retryAfter('Seconds until a request is allowed', true),
  ),
  500: failure('`Internal server error`: an unexpected failure; the cause is logged, never sent', [Examples.internal]),
  503: failure(
    options.database
      ? '`Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT'
      : '`Service temporarily unavailable`: the request outlasted SERVER_WRITETIMEOUT',
    [Examples.unavailable],
    retryAfter('Seconds to wait before retrying, when the service can tell', false),
  ),
})

/** The 401 of a route behind a bearer token, with its challenge. */
export const bearer401 = failure(
  '`Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed',
  [Examples.missingToken, Examples.invalidToken],
  WWW_AUTHENTICATE,
)

/**
 * The 401 of a bearer route that also checks the caller's password (a password change, a second
 * factor's enrolment or removal): the token's refusals, the wrong password, and any the route adds.
 */
export const bearerOrPassword401 = (
  more: { description: string; examples: Example[] } = { description: '', examples: [] },
) =>
  failure(
    `${bearer401.description}; \`Invalid email or password\` for a wrong password${more.description}`,
    [
      Examples.missingToken,
      Examples.invalidToken,
      errorExample('A wrong password', ErrorCode.UNAUTHORIZED, Message.INVALID_CREDENTIALS),
      ...more.examples,
    ],
    CHALLENGE_WHEN_TOKEN_REFUSED,
  )

/** The example of a caller who is, or whose token says it is, no administrator. */
const notAdministrator = errorExample('Not an administrator', ErrorCode.FORBIDDEN, Message.INSUFFICIENT_PERMISSIONS)

export const notAdmin = failure(
  '`Insufficient permissions`: the caller does not hold the `admin` role, in its token or, for an account deleted or demoted since the token was issued, in its stored record',
  [notAdministrator],
)

/** An administrator-only action on another user's record. */
export const notOwnerOrAdmin = failure(
  '`Forbidden user ID`: a user who is not an administrator asked for another user (before any lookup); `Insufficient permissions`: the token says administrator but the account was deleted or demoted since',
  [errorExample('Another user’s record', ErrorCode.FORBIDDEN, Message.FORBIDDEN_USER_ID), notAdministrator],
)

/**
 * The documented responses of an enveloped route: its own, and those every enveloped route can send,
 * each with the rate-limit headers.
 */
export function enveloped<R extends Record<number, TSchema>>(
  own: R,
  options: { body?: boolean; database?: boolean } = {},
): R {
  return withHeaders(
    { ...own, ...envelopeCommon({ body: options.body ?? false, database: options.database ?? true }) },
    RATE_LIMIT_HEADERS,
  ) as R
}

/** The responses of a route the rate limiter does not cover (health probes, the key set). */
export function unlimited<R extends Record<number, TSchema>>(own: R): R {
  return {
    ...own,
    500: failure('`Internal server error`: an unexpected failure', [Examples.internal]),
  }
}

function withHeaders(responses: Record<number, TSchema>, headers: Headers): Record<number, TSchema> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      { ...schema, headers: { ...(schema.headers as Headers | undefined), ...headers } },
    ]),
  )
}

// ---- The todo routes' plain failures ----

const plainExample = (summary: string, error: string): Example => ({ summary, value: { error } })

export const plainFailure = (description: string, examples: Example[], headers: Headers = {}) =>
  documented(Type.Ref(TodoErrorSchema), description, byName(examples), headers)

export const PlainExamples = {
  invalidId: plainExample('The id is not a positive integer', 'invalid todo ID'),
  notFound: plainExample('No such todo, or it was deleted', 'todo not found'),
  forbidden: plainExample('The todo belongs to another user', 'forbidden'),
  invalidFormat: plainExample('Malformed JSON, an empty body or another content type', Message.INVALID_FORMAT),
}

const PLAIN_BODY_FAILURES: Record<number, TSchema> = {
  408: plainFailure(`\`${Message.REQUEST_TIMEOUT}\`: the body did not arrive within SERVER_READTIMEOUT`, [
    plainExample('A body too slow to arrive', Message.REQUEST_TIMEOUT),
  ]),
  413: plainFailure(`\`${Message.PAYLOAD_TOO_LARGE}\`: the body is over 64 KiB`, [
    plainExample('A body over 64 KiB', Message.PAYLOAD_TOO_LARGE),
  ]),
}

/** The todo routes' responses: their own, and those every todo route can send, in the plain shape. */
export function plain<R extends Record<number, TSchema>>(own: R, options: { body?: boolean } = {}): R {
  const common: Record<number, TSchema> = {
    401: plainFailure(
      '`unauthorized`: a missing, malformed or expired access token',
      [plainExample('No token, or a token that is refused', 'unauthorized')],
      WWW_AUTHENTICATE,
    ),
    ...(options.body ? PLAIN_BODY_FAILURES : {}),
    429: documented(
      Type.Ref(TodoRateLimitedSchema),
      `\`rate limit exceeded\` with the message \`${Message.RATE_LIMITED}\`: the plain variant \`{ error, message, retry_after }\``,
      {
        'rate-limited': {
          summary: 'The client’s bucket is empty',
          value: { error: 'rate limit exceeded', message: Message.RATE_LIMITED, retry_after: 2 },
        },
      },
      retryAfter('Seconds until a request is allowed', true),
    ),
    500: plainFailure('`internal server error`: an unexpected failure', [
      plainExample('An unexpected failure', 'internal server error'),
    ]),
    503: plainFailure(
      `\`${Message.UNAVAILABLE}\`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT`,
      [plainExample('The database cannot be reached', Message.UNAVAILABLE)],
      retryAfter('Seconds to wait before retrying, when the service can tell', false),
    ),
  }
  return withHeaders({ ...own, ...common }, RATE_LIMIT_HEADERS) as R
}

// ---- Sample values for success examples ----

const user = {
  id: 42,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  roles: ['user'],
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
}
const tokens = {
  access_token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6InYxIn0.eyJ1c2VyX2lkIjo0Miwic3ViIjoiNDIifQ.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  refresh_token: '4f1c0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3',
  token_type: 'Bearer',
  expires_in: 900,
}
const todo = {
  id: 7,
  title: 'Buy milk',
  description: '',
  completed: false,
  user_id: 42,
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
}

export const Sample = {
  user,
  tokens,
  todo,
  session: {
    id: '5f0c9a5e-3d1b-4a9e-9b8c-2e7d6f1a0b3c',
    created_at: TIMESTAMP,
    last_used_at: TIMESTAMP,
    client_ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
    current: true,
  },
  /** A success envelope as the service sends it. */
  envelope: (data: unknown, meta: Record<string, unknown> = {}) => ({
    success: true,
    data,
    meta: { request_id: REQUEST_ID, timestamp: TIMESTAMP, ...meta },
  }),
  health: { status: 'healthy', version: '1.0.0', timestamp: TIMESTAMP, uptime: '3h 25m 10s' },
}
