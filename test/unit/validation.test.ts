import { Type } from '@sinclair/typebox'
import type { ErrorObject } from 'ajv'
import t from 'tap'
import { TrimmedString } from '../../src/schemas/common.js'
import { fieldLabel, validationDetails, validatorCompiler } from '../../src/validation.js'

/** A body shaped like registration's, compiled by the app's own validator compiler. */
const RegisterLike = Type.Object(
  {
    name: TrimmedString({ minLength: 2, maxLength: 100 }),
    email: Type.String({ format: 'email', maxLength: 255 }),
    password: Type.String({ minLength: 6, maxBytes: 72 }),
    refresh_token: Type.Optional(Type.String()),
    completed: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
)

interface Validate {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

const compile = (schema: object, httpPart: 'body' | 'querystring') =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/' }) as unknown as Validate

/** Runs the body validator and returns the spec's `details` for the failure (undefined when valid). */
function detailsFor(body: unknown, httpPart: 'body' | 'querystring' = 'body') {
  const validate = compile(RegisterLike, httpPart)
  return validate(body) ? undefined : validationDetails(validate.errors ?? [])
}

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' }

t.test('fieldLabel capitalises field names the way the spec writes them', async (t) => {
  for (const [property, label] of [
    ['name', 'Name'],
    ['email', 'Email'],
    ['password', 'Password'],
    ['refresh_token', 'RefreshToken'],
    ['per_page', 'PerPage'],
    ['title', 'Title'],
    ['created-at', 'CreatedAt'],
  ] as const)
    t.equal(fieldLabel(property), label, property)
})

t.test('a valid body passes', async (t) => {
  t.equal(detailsFor(valid), undefined)
})

t.test('missing fields: `<Field> is required`', async (t) => {
  t.same(detailsFor({}), {
    Name: 'Name is required',
    Email: 'Email is required',
    Password: 'Password is required',
  })
})

t.test('a bad email: `<Field> must be a valid email address`', async (t) => {
  t.same(detailsFor({ ...valid, email: 'not-an-email' }), { Email: 'Email must be a valid email address' })
})

t.test('too short and too long: `<Field> is too short (minimum <N>)`, `is too long (maximum <N>)`', async (t) => {
  t.same(detailsFor({ ...valid, name: 'A', password: '12345' }), {
    Name: 'Name is too short (minimum 2)',
    Password: 'Password is too short (minimum 6)',
  })
  t.same(detailsFor({ ...valid, name: 'n'.repeat(101) }), { Name: 'Name is too long (maximum 100)' })
  t.same(detailsFor({ ...valid, email: `${'e'.repeat(250)}@example.com` }), {
    Email: 'Email is too long (maximum 255)',
  })
})

t.test('names are trimmed before their length is checked', async (t) => {
  t.same(detailsFor({ ...valid, name: '  A  ' }), { Name: 'Name is too short (minimum 2)' })
  const body = { ...valid, name: '  Ada  ' }
  t.ok(compile(RegisterLike, 'body')(body))
  t.equal(body.name, 'Ada', 'the trimmed value is what the handler sees')
})

t.test('a password over 72 bytes is too long even when it has fewer characters', async (t) => {
  const password = 'é'.repeat(37)
  t.equal(password.length, 37)
  t.same(detailsFor({ ...valid, password }), { Password: 'Password is too long (maximum 72)' })
  t.equal(detailsFor({ ...valid, password: 'é'.repeat(36) }), undefined, '72 bytes are fine')
})

t.test('wrong types: `<Field> must be a <type>`, not coerced in bodies', async (t) => {
  t.same(detailsFor({ ...valid, name: 12345, completed: 'yes', limit: 'ten' }), {
    Name: 'Name must be a string',
    Completed: 'Completed must be a boolean',
    Limit: 'Limit must be an integer',
  })
  t.equal(detailsFor({ ...valid, limit: '10' }, 'querystring'), undefined, 'query strings are coerced')
})

t.test('range and choice failures', async (t) => {
  t.same(detailsFor({ ...valid, limit: 0 }), { Limit: 'Limit must be at least 1' })
  t.same(detailsFor({ ...valid, limit: 101 }), { Limit: 'Limit must be at most 100' })
  t.match(detailsFor({ ...valid, order: 'up' }), { Order: /^Order / }, 'one message for the field')
})

t.test('undeclared body fields are dropped, not reported', async (t) => {
  const body: Record<string, unknown> = { ...valid, roles: ['admin'] }
  t.ok(compile(RegisterLike, 'body')(body))
  t.notOk('roles' in body)
})

t.test('a body that is not an object has no field details', async (t) => {
  t.equal(detailsFor('just text'), null)
  t.equal(detailsFor(null), null)
  t.equal(detailsFor([valid]), null)
})

t.test('validationDetails keeps the first message of each field', async (t) => {
  const error = (instancePath: string, keyword: string, params: Record<string, unknown>): ErrorObject => ({
    instancePath,
    keyword,
    params,
    schemaPath: `#${instancePath}/${keyword}`,
  })
  t.same(
    validationDetails([
      error('/refresh_token', 'minLength', { limit: 64 }),
      error('/refresh_token', 'pattern', { pattern: '^[0-9a-f]+$' }),
      error('/title', 'maxLength', { limit: 255 }),
      error('', 'required', { missingProperty: 'description' }),
      error('/tags/0', 'type', { type: 'string' }),
      error('/note', 'pattern', { pattern: 'x' }),
    ]),
    {
      RefreshToken: 'RefreshToken is too short (minimum 64)',
      Title: 'Title is too long (maximum 255)',
      Description: 'Description is required',
      Tags: 'Tags must be a string',
      Note: 'Note is invalid',
    },
  )
  t.equal(validationDetails([]), null)
  t.equal(validationDetails([error('', 'type', { type: 'object' })]), null)
})
