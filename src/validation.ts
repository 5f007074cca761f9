import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import addKeywords from 'ajv-keywords'
import type { FastifySchemaCompiler } from 'fastify'
import type { CompileLater } from './compile-later.js'
import { compileOnce } from './compile-once.js'
import { NOT_BLANK_PATTERN, PRINTABLE_PATTERN } from './schemas/common.js'

/**
 * Two Ajv instances behind one Fastify validator compiler. Bodies are validated without type coercion
 * (`"name": 12345` is a 400, not the string "12345"); path ids and query strings arrive as text, so they
 * are coerced. Both drop every undeclared field (`removeAdditional: 'all'`), so nobody can mass-assign
 * `roles`, and the schemas (and so the OpenAPI document) need not claim that unknown fields are refused.
 */
// No meta-schema validation of our own schemas: compiling the meta-schema cost each instance tens of
// milliseconds of start-up, and strict mode still refuses an unknown keyword, format or type.
const common: Options = {
  allErrors: true,
  removeAdditional: 'all',
  useDefaults: true,
  strict: true,
  validateSchema: false,
}
const bodyAjv = withKeywords(new Ajv({ ...common, coerceTypes: false }))
const textAjv = withKeywords(new Ajv({ ...common, coerceTypes: true }))

const compileBody = compileOnce((schema: object) => bodyAjv.compile(schema))
const compileText = compileOnce((schema: object) => plainIntegers(schema, textAjv.compile(schema)))

/** The validator compiler; with `later`, each validator compiles on its first use. */
export function validatorCompilerFor(later?: CompileLater): FastifySchemaCompiler<object> {
  return ({ schema, httpPart }) => {
    const compile = () => (httpPart === 'body' ? compileBody(schema) : compileText(schema))
    return (later ? later.wrap(compile) : compile()) as ReturnType<FastifySchemaCompiler<object>>
  }
}

export const validatorCompiler = validatorCompilerFor()

/** docs/contract.md: an integer in a path or query is written in plain decimal digits (a sign allowed). */
const PLAIN_INTEGER = /^-?(0|[1-9][0-9]*)$/

/**
 * Ajv coerces any text JavaScript reads as a number: `1e3` becomes 1000, `+1`, `01`, ` 1` and `0x10`
 * become 1 and 16, and `Infinity` or `1e400` pass `type: integer` and every bound (ajv-validator/ajv#2212).
 * docs/contract.md reads none of them as an integer, so integer fields of a path or query are checked as
 * text before Ajv coerces them: anything but plain digits is a type error.
 */
function plainIntegers(schema: object, validate: ValidateFunction): ValidateFunction {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer')
  if (integers.length === 0) return validate
  const checked = ((data: unknown) => {
    const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
    const notPlain = integers.find((name) => typeof fields[name] === 'string' && !PLAIN_INTEGER.test(fields[name]))
    if (notPlain !== undefined) {
      checked.errors = [
        {
          instancePath: `/${notPlain}`,
          schemaPath: `#/properties/${notPlain}/type`,
          keyword: 'type',
          params: { type: 'integer' },
          message: 'must be integer',
        },
      ]
      return false
    }
    const valid = validate(data)
    checked.errors = validate.errors
    return valid
  }) as ValidateFunction
  return checked
}

function withKeywords(ajv: Ajv): Ajv {
  addFormats.default(ajv)
  addKeywords.default(ajv, ['transform'])
  // RFC 3339 allows a leap second (23:59:60) and the year 0000, which JavaScript's Date cannot hold and
  // PostgreSQL refuses: a date-time is also an instant both can store, or the field is a 400, never a 500.
  const rfc3339 = ajv.formats['date-time']
  const isRfc3339 =
    typeof rfc3339 === 'object' && 'validate' in rfc3339 && typeof rfc3339.validate === 'function'
      ? (rfc3339.validate as (text: string) => boolean)
      : () => false
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => isRfc3339(text) && storableInstant(text),
  })
  // OpenAPI carries examples as documentation; Ajv must know the keyword in strict mode.
  ajv.addKeyword({ keyword: 'example' })
  // OpenAPI's integer formats, which every integer of the API states (schemas/common.ts).
  ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isSafeInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 })
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) })
  const maxBytes: SchemaValidateFunction = (limit: number, data: string) => {
    if (Buffer.byteLength(data, 'utf8') <= limit) return true
    maxBytes.errors = [{ keyword: 'maxBytes', params: { limit }, message: `must be at most ${limit} bytes` }]
    return false
  }
  // bcrypt reads at most 72 bytes: longer passwords are refused rather than silently truncated.
  ajv.addKeyword({ keyword: 'maxBytes', type: 'string', schemaType: 'number', validate: maxBytes, errors: true })
  // docs/contract.md: an empty refresh_token is a missing one (`RefreshToken is required`), not a short one.
  const nonEmpty: SchemaValidateFunction = (enabled: boolean, data: string) => {
    if (!enabled || data !== '') return true
    nonEmpty.errors = [{ keyword: 'nonEmpty', params: {}, message: 'must not be empty' }]
    return false
  }
  ajv.addKeyword({ keyword: 'nonEmpty', type: 'string', schemaType: 'boolean', validate: nonEmpty, errors: true })
  return ajv
}

/** The years Date.toISOString writes as four digits and PostgreSQL's timestamptz holds: 0001 to 9999. */
function storableInstant(text: string): boolean {
  const ms = Date.parse(text)
  if (!Number.isFinite(ms)) return false
  const year = new Date(ms).getUTCFullYear()
  return year >= 1 && year <= 9999
}

/** `refresh_token` → `RefreshToken`: the capitalised field names of the spec's validation messages. */
export function fieldLabel(property: string): string {
  return property
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('')
}

const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a')

function messageFor(field: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
    case 'nonEmpty':
      return `${field} is required`
    case 'format':
      return params.format === 'email'
        ? `${field} must be a valid email address`
        : `${field} is not a valid ${params.format}`
    case 'pattern':
      // A password of white space only is no password (docs/contract.md's `<Field> is required`).
      if (params.pattern === NOT_BLANK_PATTERN) return `${field} is required`
      if (params.pattern === PRINTABLE_PATTERN) return `${field} must be a printable string`
      return `${field} is invalid`
    case 'minLength':
      return `${field} is too short (minimum ${params.limit})`
    case 'maxLength':
    case 'maxBytes':
      return `${field} is too long (maximum ${params.limit})`
    case 'type': {
      const type = String(params.type).split(',')[0] as string
      return `${field} must be ${article(type)} ${type}`
    }
    case 'minimum':
      return `${field} must be at least ${params.limit}`
    case 'maximum':
      return `${field} must be at most ${params.limit}`
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).join(', ')}`
    default:
      return `${field} is invalid`
  }
}

/**
 * Turns Ajv errors into the spec's `details` object: one message per capitalised field, first error
 * wins. Returns null when the failure is about the whole body (not an object, empty), which the API
 * answers as `Invalid request data format` instead.
 */
export function validationDetails(errors: ErrorObject[]): Record<string, string> | null {
  const details: Record<string, string> = {}
  for (const error of errors) {
    const property =
      error.keyword === 'required'
        ? String((error.params as { missingProperty: string }).missingProperty)
        : error.instancePath.split('/')[1]
    if (!property) return null
    const field = fieldLabel(property)
    details[field] ??= messageFor(field, error)
  }
  return Object.keys(details).length > 0 ? details : null
}
