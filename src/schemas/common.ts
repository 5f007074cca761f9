import { type TSchema, type TUnsafe, Type } from '@sinclair/typebox'

/** Integer columns are 32-bit: a larger id could never match and must not reach the database. */
export const MAX_ID = 2_147_483_647

/** decisions.md: bodies over 64 KiB are refused with 413. */
export const BODY_LIMIT = 64 * 1024

export const Timestamp = Type.String({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'A positive integer id' }),
})

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** A string that is trimmed before its length is checked (and stored trimmed). */
export const TrimmedString = (options: { minLength: number; maxLength: number; description?: string }) =>
  Type.String({ ...options, transform: ['trim'] })

/** A string from a fixed list: a plain JSON Schema `enum`, so errors and the OpenAPI document list the values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string } = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
