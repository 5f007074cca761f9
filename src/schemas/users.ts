import { type Static, Type } from '@sinclair/typebox'
import { Id, PAGE_QUERY, PRINTABLE_PATTERN, StringEnum, Text, Timestamp, TrimmedString } from './common.js'

export const NAME_LIMITS = { minLength: 2, maxLength: 100 }
export const EMAIL_MAX = 255
/** As long as the roles table's name column allows. */
export const ROLE_MAX = 50
/** The most roles a user holds: tokens carry them all, so their size stays bounded. */
export const MAX_ROLES = 32

export const Name = TrimmedString({
  ...NAME_LIMITS,
  pattern: PRINTABLE_PATTERN,
  description: '2 to 100 characters after trimming; no control characters or bidirectional controls',
})
export const Email = Type.String({
  format: 'email',
  maxLength: EMAIL_MAX,
  transform: ['trim'],
  description: 'Unique among live users regardless of case; stored as given (trimmed)',
  example: 'ada@example.com',
})

export const UserSchema = Type.Object(
  {
    id: Id(),
    name: Text(NAME_LIMITS.maxLength, { example: 'Ada Lovelace' }),
    email: Text(EMAIL_MAX, { format: 'email', example: 'ada@example.com' }),
    email_verified: Type.Boolean({
      description: 'Whether a verification link sent to this address was opened; an email change clears it',
    }),
    roles: Type.Array(Text(ROLE_MAX), {
      maxItems: MAX_ROLES,
      example: ['user'],
      description: 'In the order they were assigned',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'User' },
)
export type User = Static<typeof UserSchema>

export const UpdateUserBodySchema = Type.Object(
  { name: Type.Optional(Name), email: Type.Optional(Email) },
  { description: 'Fields left out stay unchanged', examples: [{ name: 'Ada King' }] },
)
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>

export const SORT_FIELDS = ['id', 'name', 'email', 'created_at', 'updated_at'] as const

export const ListUsersQuerySchema = Type.Object({
  ...PAGE_QUERY,
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Case-insensitive substring of the name or the email' }),
  ),
  role: Type.Optional(Type.String({ minLength: 1, maxLength: ROLE_MAX, description: 'Only users holding this role' })),
  sort: Type.Optional(StringEnum(SORT_FIELDS, { default: 'id' })),
  order: Type.Optional(StringEnum(['asc', 'desc'], { default: 'asc' })),
})
/** The query once validation has filled in the defaults. */
export type ListUsersQuery = Required<
  Pick<Static<typeof ListUsersQuerySchema>, 'page' | 'per_page' | 'sort' | 'order'>
> &
  Static<typeof ListUsersQuerySchema>
