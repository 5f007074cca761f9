import { type IntegerOptions, type StringOptions, type TSchema, type TUnsafe, Type } from '@sinclair/typebox'
import { MAX_DURATION_MS } from '../duration.js'

/** Integer columns are 32-bit: a larger id could never match and must not reach the database. */
export const MAX_ID = 2_147_483_647

/**
 * Node's HTTP parser takes at most 16 KiB of request line and headers (its default, which the service
 * keeps), so no path or header value the service echoes is longer.
 */
export const MAX_REQUEST_TEXT = 16 * 1024

/**
 * Every integer the API carries states its OpenAPI format and bounds; validation.ts teaches Ajv both
 * formats, so requests are held to them too. Ids, counts and seconds fit the 32-bit columns.
 */
export const Int32 = (options: IntegerOptions = {}) =>
  Type.Integer({ format: 'int32', minimum: 0, maximum: MAX_ID, ...options })

/** A row id: a positive 32-bit integer. */
export const Id = (options: IntegerOptions = {}) => Int32({ minimum: 1, ...options })

/** Whole seconds of a duration setting: Go's longest duration is the most any of them holds. */
export const Seconds = (options: IntegerOptions = {}) =>
  Type.Integer({ format: 'int64', minimum: 0, maximum: Math.ceil(MAX_DURATION_MS / 1000), ...options })

/** Unix seconds, up to the last second of the year 9999. */
export const UnixSeconds = (options: IntegerOptions = {}) =>
  Type.Integer({ format: 'int64', minimum: 0, maximum: 253_402_300_799, ...options })

/** A string the service writes, with the most it can hold (the OpenAPI document states both). */
export const Text = (maxLength: number, options: StringOptions = {}) => Type.String({ maxLength, ...options })

/** docs/contract.md: bodies over 64 KiB are refused with 413. */
export const BODY_LIMIT = 64 * 1024

/** An instant as Date.toISOString writes it: 24 characters, 27 past the year 9999. */
export const Timestamp = Type.String({ format: 'date-time', maxLength: 27, example: '2026-11-22T10:00:00.000Z' })

export const IdParamsSchema = Type.Object({ id: Id({ description: 'A positive integer id' }) })

/** The longest page of a paginated list. */
export const MAX_PER_PAGE = 100

/** A paginated list's query (users, audit events): `page` from 1, `per_page` 1 to 100. */
export const PAGE_QUERY = {
  page: Type.Optional(Int32({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Int32({ minimum: 1, maximum: MAX_PER_PAGE, default: 20 })),
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * Text a person reads (names): no control characters (C0, DEL, C1), no line or paragraph separators,
 * and no bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), with
 * which a name could reorder or hide what is shown beside it in a list, a log or an email.
 */
export const PRINTABLE_PATTERN =
  '^[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069]*$'
/** At least one character that is not white space. */
export const NOT_BLANK_PATTERN = '\\S'

/** A string that is trimmed before its length is checked (and stored trimmed). */
export const TrimmedString = (options: {
  minLength: number
  maxLength: number
  pattern?: string
  description?: string
}) => Type.String({ ...options, transform: ['trim'] })

/** A string from a fixed list: a plain JSON Schema `enum`, so errors and the OpenAPI document list the values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string } = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
