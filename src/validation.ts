import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import addKeywords from 'ajv-keywords'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Two Ajv instances behind one Fastify validator compiler. Bodies are validated without type coercion
 * (`"name": 12345` is a 400, not the string "12345"); path ids and query strings arrive as text, so they
 * are coerced. Both drop undeclared body fields, so nobody can mass-assign `roles`.
 */
// No meta-schema validation of our own schemas: compiling the meta-schema cost each instance tens of
// milliseconds of start-up, and strict mode still refuses an unknown keyword, format or type.
const common: Options = {
  allErrors: true,
  removeAdditional: true,
  useDefaults: true,
  strict: true,
  validateSchema: false,
}
const bodyAjv = withKeywords(new Ajv({ ...common, coerceTypes: false }))
const textAjv = withKeywords(new Ajv({ ...common, coerceTypes: true }))

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv.compile(schema) : finiteOnly(textAjv.compile(schema))) as ReturnType<
    FastifySchemaCompiler<object>
  >

/**
 * Ajv coerces the text "Infinity" or "1e400" to a number that passes `type: integer` and every bound
 * (ajv-validator/ajv#2212), which the database then refuses. Such a value is a type error here.
 */
function finiteOnly(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors
      return false
    }
    const fields = typeof data === 'object' && data !== null ? Object.entries(data) : []
    const infinite = fields.find(([, value]) => typeof value === 'number' && !Number.isFinite(value))
    checked.errors = infinite
      ? [
          {
            instancePath: `/${infinite[0]}`,
            schemaPath: '#/type',
            keyword: 'type',
            params: { type: 'number' },
            message: 'must be finite',
          },
        ]
      : null
    return !infinite
  }) as ValidateFunction
  return checked
}

function withKeywords(ajv: Ajv): Ajv {
  addFormats.default(ajv)
  addKeywords.default(ajv, ['transform'])
  // OpenAPI carries examples as documentation; Ajv must know the keyword in strict mode.
  ajv.addKeyword({ keyword: 'example' })
  const maxBytes: SchemaValidateFunction = (limit: number, data: string) => {
    if (Buffer.byteLength(data, 'utf8') <= limit) return true
    maxBytes.errors = [{ keyword: 'maxBytes', params: { limit }, message: `must be at most ${limit} bytes` }]
    return false
  }
  // bcrypt reads at most 72 bytes: longer passwords are refused rather than silently truncated.
  ajv.addKeyword({ keyword: 'maxBytes', type: 'string', schemaType: 'number', validate: maxBytes, errors: true })
  return ajv
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
      return `${field} is required`
    case 'format':
      return params.format === 'email'
        ? `${field} must be a valid email address`
        : `${field} is not a valid ${params.format}`
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
