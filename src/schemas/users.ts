import { type Static, Type } from '@sinclair/typebox'
import type { UserRecord } from '../db/repositories/users.js'
import { StringEnum, Timestamp, TrimmedString } from './common.js'

export const NAME_LIMITS = { minLength: 2, maxLength: 100 }
export const EMAIL_MAX = 255

export const Name = TrimmedString({ ...NAME_LIMITS, description: '2 to 100 characters after trimming' })
export const Email = Type.String({
  format: 'email',
  maxLength: EMAIL_MAX,
  transform: ['trim'],
  description: 'Unique among live users regardless of case; stored as given (trimmed)',
  example: 'ada@example.com',
})

export const UserSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String({ example: 'Ada Lovelace' }),
    email: Type.String({ format: 'email', example: 'ada@example.com' }),
    roles: Type.Array(Type.String(), { example: ['user'], description: 'In the order they were assigned' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'User' },
)
export type User = Static<typeof UserSchema>

export const UpdateUserBodySchema = Type.Object(
  { name: Type.Optional(Name), email: Type.Optional(Email) },
  { description: 'Fields left out stay unchanged' },
)
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>

export const SORT_FIELDS = ['id', 'name', 'email', 'created_at', 'updated_at'] as const

export const ListUsersQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Case-insensitive substring of the name or the email' }),
  ),
  role: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only users holding this role' })),
  sort: Type.Optional(StringEnum(SORT_FIELDS, { default: 'id' })),
  order: Type.Optional(StringEnum(['asc', 'desc'], { default: 'asc' })),
})
/** The query once validation has filled in the defaults. */
export type ListUsersQuery = Required<
  Pick<Static<typeof ListUsersQuerySchema>, 'page' | 'per_page' | 'sort' | 'order'>
> &
  Static<typeof ListUsersQuerySchema>

/** The public shape of a user: never the password hash. */
export const toPublicUser = (user: UserRecord): User => ({
  id: user.id,
  name: user.name,
  email: user.email,
  roles: user.roles,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
})
