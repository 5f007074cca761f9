import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { Envelope, ErrorEnvelopeRef, NO_STORE, ok, requestPath } from '../envelope.js'
import { forbidden, Message, notFound, unauthorized } from '../errors.js'
import { publish } from '../events.js'
import { ChangePasswordBodySchema, TokenPairSchema } from '../schemas/auth.js'
import { IdParamsSchema } from '../schemas/common.js'
import {
  type ListUsersQuery,
  ListUsersQuerySchema,
  toPublicUser,
  UpdateUserBodySchema,
  UserSchema,
} from '../schemas/users.js'
import { changePassword, deleteAccount } from '../services/accounts.js'
import { revocationLogFields } from '../services/tokens.js'
import { clientInfo } from './client-info.js'

const UserEnvelope = Envelope(Type.Ref(UserSchema))
const errors = { 401: ErrorEnvelopeRef, 403: ErrorEnvelopeRef, 404: ErrorEnvelopeRef, 500: ErrorEnvelopeRef }
const config = { invalidParamsMessage: Message.INVALID_USER_ID }
const security = [{ bearerAuth: [] }]

/**
 * decisions.md: a non-admin asking for any id but their own is refused before any lookup, so the
 * answer reveals nothing about other ids.
 */
function assertOwnerOrAdmin(request: FastifyRequest, id: number) {
  if (id !== request.user.user_id && !request.user.roles.includes('admin')) throw forbidden(Message.FORBIDDEN_USER_ID)
}

export interface UserRoutesOptions {
  passwordMinLength: number
}

/** User records under /api/v1/users: owners and administrators; the list is for administrators. */
const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, { passwordMinLength }) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        operationId: 'listUsers',
        summary: 'List users (administrators only), paginated',
        security,
        querystring: ListUsersQuerySchema,
        response: { 200: Envelope(Type.Array(Type.Ref(UserSchema))), 400: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request) => {
      // Validation filled in the defaults of every paging field.
      const query = request.query as ListUsersQuery
      const { users, total } = await app.users.list({ ...query, perPage: query.per_page })
      publish.account({ type: 'users.listed', userId: null, details: { query, total }, request })
      const totalPages = Math.ceil(total / query.per_page)
      return ok(users.map(toPublicUser), {
        page: query.page,
        per_page: query.per_page,
        total,
        total_pages: totalPages,
        links: pageLinks(requestPath(request), query, totalPages),
      })
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        summary: 'Read a user (your own, or any as an administrator)',
        security,
        params: IdParamsSchema,
        response: { 200: UserEnvelope, 400: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request) => {
      assertOwnerOrAdmin(request, request.params.id)
      const user = await app.users.findById(request.params.id)
      if (!user) throw notFound(Message.USER_NOT_FOUND)
      if (user.id !== request.user.user_id) publish.account({ type: 'user.read', userId: user.id, request })
      return ok(toPublicUser(user))
    },
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        summary: 'Update a user’s name or email',
        security,
        params: IdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: UserEnvelope, 400: ErrorEnvelopeRef, 409: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request) => {
      assertOwnerOrAdmin(request, request.params.id)
      const user = await app.users.update(request.params.id, request.body)
      if (!user) throw notFound(Message.USER_NOT_FOUND)
      publish.account({
        type: 'user.updated',
        userId: user.id,
        details: { fields: Object.keys(request.body) },
        request,
      })
      return ok(toPublicUser(user))
    },
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags: ['users'],
        operationId: 'deleteUser',
        summary: 'Delete a user: soft delete, revoking its tokens and deleting its todos',
        security,
        params: IdParamsSchema,
        response: { 204: Type.Null({ description: 'No body' }), 400: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request, reply) => {
      assertOwnerOrAdmin(request, request.params.id)
      const revocation = await deleteAccount(app.db, app.tokens, request.params.id)
      if (!revocation) throw notFound(Message.USER_NOT_FOUND)
      request.logFields = revocationLogFields('deletion', revocation)
      publish.account({ type: 'user.deleted', userId: request.params.id, request })
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/:id/password',
    {
      config,
      schema: {
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
        response: { 200: Envelope(Type.Ref(TokenPairSchema)), 400: ErrorEnvelopeRef, ...errors },
      },
    },
    async (request, reply) => {
      // Not even an administrator sets another user's password over HTTP.
      if (request.params.id !== request.user.user_id) throw forbidden(Message.FORBIDDEN_USER_ID)
      const result = await changePassword(app.db, app.passwords, app.tokens, {
        userId: request.params.id,
        sessionId: request.user.sid,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        client: clientInfo(request),
      })
      if (result === 'user_not_found') throw notFound(Message.USER_NOT_FOUND)
      if (result === 'wrong_password') {
        publish.account({
          type: 'password.change_failed',
          userId: request.params.id,
          details: { reason: result },
          request,
        })
        throw unauthorized(Message.INVALID_CREDENTIALS)
      }
      publish.account({ type: 'password.changed', userId: request.params.id, request })
      reply.headers(NO_STORE)
      return ok(result)
    },
  )
}

function pageLinks(path: string, query: ListUsersQuery, totalPages: number) {
  const link = (page: number) => {
    const params = new URLSearchParams({ page: String(page), per_page: String(query.per_page) })
    if (query.search) params.set('search', query.search)
    if (query.role) params.set('role', query.role)
    params.set('sort', query.sort)
    params.set('order', query.order)
    return `${path}?${params}`
  }
  const last = Math.max(totalPages, 1)
  return {
    self: link(query.page),
    first: link(1),
    last: link(last),
    next: query.page < last ? link(query.page + 1) : null,
    prev: query.page > 1 ? link(Math.min(query.page - 1, last)) : null,
  }
}

export default userRoutes
