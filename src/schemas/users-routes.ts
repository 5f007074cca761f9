import { Type } from '@sinclair/typebox'
import { Envelope, PageMetaSchema } from '../envelope.js'
import { ErrorCode, Message } from '../errors.js'
import { ChangePasswordBodySchema, TokenPairSchema } from './auth.js'
import { IdParamsSchema, MAX_PER_PAGE } from './common.js'
import {
  bearer401,
  bearerOrPassword401,
  Examples,
  enveloped,
  errorExample,
  failure,
  noContent,
  notAdmin,
  notOwnerOrAdmin,
  Sample,
  success,
  TOKEN_HEADERS,
} from './responses.js'
import { ListUsersQuerySchema, UpdateUserBodySchema, UserSchema } from './users.js'

const UserEnvelope = Envelope(Type.Ref(UserSchema))

const badId = (also: string, examples = [] as ReturnType<typeof errorExample>[]) =>
  failure(`\`Invalid user ID\`: the id is not a positive integer in plain digits${also}`, [
    errorExample('The id is not a positive integer', ErrorCode.VALIDATION_ERROR, Message.INVALID_USER_ID),
    ...examples,
  ])

const missing = failure('`User not found`: an administrator asked for an id no live user has', [
  errorExample('No such user', ErrorCode.NOT_FOUND, Message.USER_NOT_FOUND),
])

const security = [{ bearerAuth: [] }]

/** The users routes' validation and OpenAPI documentation, one entry per operation (routes/users.ts). */
export const userRouteSchemas = {
  listUsers: {
    tags: ['users'],
    operationId: 'listUsers',
    summary: 'List users (administrators only), paginated',
    description:
      'Live users, filtered by a case-insensitive `search` of name or email and by `role`, sorted and paged; `meta` carries the page and its links.',
    security,
    querystring: ListUsersQuerySchema,
    response: enveloped({
      200: success(
        Envelope(Type.Array(Type.Ref(UserSchema), { maxItems: MAX_PER_PAGE }), PageMetaSchema),
        'One page of users, with the page in `meta`',
        Sample.envelope([Sample.user], {
          page: 1,
          per_page: 20,
          total: 1,
          total_pages: 1,
          links: {
            self: '/api/v1/users?page=1&per_page=20&sort=id&order=asc',
            first: '/api/v1/users?page=1&per_page=20&sort=id&order=asc',
            last: '/api/v1/users?page=1&per_page=20&sort=id&order=asc',
            next: null,
            prev: null,
          },
        }),
      ),
      400: failure('`Validation failed`: a query value is out of range or unknown', [
        Examples.validation({ PerPage: 'PerPage must be at most 100' }),
      ]),
      401: bearer401,
      403: notAdmin,
    }),
  },
  getUser: {
    tags: ['users'],
    operationId: 'getUser',
    summary: 'Read a user (your own, or any as an administrator)',
    description:
      'A user who is not an administrator may read only their own record; any other id is 403 before any lookup.',
    security,
    params: IdParamsSchema,
    response: enveloped({
      200: success(UserEnvelope, 'The user', Sample.envelope(Sample.user)),
      400: badId(''),
      401: bearer401,
      403: notOwnerOrAdmin,
      404: missing,
    }),
  },
  updateUser: {
    tags: ['users'],
    operationId: 'updateUser',
    summary: 'Update a user’s name or email',
    description: 'Fields left out stay unchanged. The same rules as registration apply to each field sent.',
    security,
    params: IdParamsSchema,
    body: UpdateUserBodySchema,
    response: enveloped(
      {
        200: success(UserEnvelope, 'The updated user', Sample.envelope({ ...Sample.user, name: 'Ada King' })),
        400: badId('; `Validation failed` for a bad field; or `Invalid request data format`', [
          Examples.validation({ Name: 'Name is too short (minimum 2)' }),
          Examples.invalidFormat,
        ]),
        401: bearer401,
        403: notOwnerOrAdmin,
        404: missing,
        409: failure('`Email already exists`: another live user holds the email', [
          errorExample('The email is taken', ErrorCode.CONFLICT, Message.EMAIL_EXISTS),
        ]),
      },
      { body: true },
    ),
  },
  deleteUser: {
    tags: ['users'],
    operationId: 'deleteUser',
    summary: 'Delete a user: soft delete, revoking its tokens and deleting its todos',
    description:
      'The user disappears from every read and its refresh tokens stop working; its access tokens authenticate until they expire.',
    security,
    params: IdParamsSchema,
    response: enveloped(
      {
        204: noContent('Deleted; no body'),
        400: badId('; or a body that is not JSON', [Examples.invalidFormat]),
        401: bearer401,
        403: notOwnerOrAdmin,
        404: missing,
      },
      { body: true },
    ),
  },
  removeSecondFactors: {
    tags: ['users'],
    operationId: 'removeSecondFactors',
    summary: 'Take every second factor off a user (administrators only)',
    description:
      'For a user who lost every factor: removes their TOTP, recovery codes and passkeys, so the password alone signs in again. Administrators only, their own id included; the caller’s stored record must hold `admin`. A user without any factor is a 204 too. Recorded in the audit trail as `mfa.reset`.',
    security,
    params: IdParamsSchema,
    response: enveloped(
      {
        204: noContent('The user has no second factor now; no body'),
        400: badId('; or a body that is not JSON', [Examples.invalidFormat]),
        401: bearer401,
        403: notAdmin,
        404: missing,
      },
      { body: true },
    ),
  },
  changePassword: (passwordMinLength: number) => ({
    tags: ['users'],
    operationId: 'changePassword',
    summary: 'Change your own password: every other session ends, yours goes on with a fresh pair',
    description:
      'Only the owner may change a password, administrators included (403 `Forbidden user ID` for any other id). ' +
      'A wrong `current_password` is the login 401 after the same bcrypt work. Access tokens already issued to ' +
      'other sessions stay valid until they expire; their refresh tokens stop working at once.',
    security,
    params: IdParamsSchema,
    body: ChangePasswordBodySchema(passwordMinLength),
    response: enveloped(
      {
        200: success(
          Envelope(Type.Ref(TokenPairSchema)),
          'A fresh token pair for the caller’s session; every other session is signed out',
          Sample.envelope(Sample.tokens),
          TOKEN_HEADERS,
        ),
        400: badId('; `Validation failed` for a bad field; or `Invalid request data format`', [
          Examples.validation({ NewPassword: 'NewPassword is too short (minimum 6)' }),
          Examples.invalidFormat,
        ]),
        401: bearerOrPassword401(),
        403: failure('`Forbidden user ID`: only the owner changes a password, administrators included', [
          errorExample('Another user’s password', ErrorCode.FORBIDDEN, Message.FORBIDDEN_USER_ID),
        ]),
        404: failure('`User not found`: the caller’s account was deleted while the token lives on', [
          errorExample('A deleted account', ErrorCode.NOT_FOUND, Message.USER_NOT_FOUND),
        ]),
      },
      { body: true },
    ),
  }),
}
