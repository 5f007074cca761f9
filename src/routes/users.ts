import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { NO_STORE, ok, requestPath } from '../envelope.js'
import { forbidden, Message } from '../errors.js'
import { pageMeta } from '../pagination.js'
import type { ListUsersQuery } from '../schemas/users.js'
import { userRouteSchemas } from '../schemas/users-routes.js'
import { actorOf } from './actor.js'
import { revocationLogFields, toPublicUser, toTokenPair } from './wire.js'

const config = { invalidParamsMessage: Message.INVALID_USER_ID }

export interface UserRoutesOptions {
  passwordMinLength: number
}

/** User records under /api/v1/users: owners and administrators; the list is for administrators. */
const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, { passwordMinLength }) => {
  app.addHook('onRequest', app.authenticate)

  /**
   * docs/contract.md: a non-admin asking for any id but their own is refused before any lookup, so the
   * answer reveals nothing about other ids; an administrator's token is checked against the stored record.
   */
  const assertOwnerOrAdmin = async (request: FastifyRequest, id: number) => {
    if (id === request.user.user_id) return
    if (!request.user.roles.includes('admin')) throw forbidden(Message.FORBIDDEN_USER_ID)
    await app.accounts.assertAdmin(request.user.user_id)
  }

  app.get(
    '',
    {
      onRequest: app.requireAdmin,
      schema: userRouteSchemas.listUsers,
    },
    async (request) => {
      // Validation filled in the defaults of every paging field.
      const query = request.query as ListUsersQuery
      const { users, total } = await app.accounts.list({ ...query, perPage: query.per_page }, actorOf(request))
      // An empty search or role filters nothing, so the links leave it out.
      const filters = {
        search: query.search || undefined,
        role: query.role || undefined,
        sort: query.sort,
        order: query.order,
      }
      return ok(users.map(toPublicUser), pageMeta(requestPath(request), query, total, filters))
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: userRouteSchemas.getUser,
    },
    async (request) => {
      await assertOwnerOrAdmin(request, request.params.id)
      return ok(toPublicUser(await app.accounts.read(request.params.id, actorOf(request))))
    },
  )

  app.put(
    '/:id',
    {
      config,
      schema: userRouteSchemas.updateUser,
    },
    async (request) => {
      await assertOwnerOrAdmin(request, request.params.id)
      return ok(toPublicUser(await app.accounts.update(request.params.id, request.body, actorOf(request))))
    },
  )

  app.delete(
    '/:id',
    {
      config,
      schema: userRouteSchemas.deleteUser,
    },
    async (request, reply) => {
      await assertOwnerOrAdmin(request, request.params.id)
      request.logFields = revocationLogFields(
        'deletion',
        await app.accounts.delete(request.params.id, actorOf(request)),
      )
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/:id/mfa',
    {
      config,
      onRequest: app.requireAdmin,
      schema: userRouteSchemas.removeSecondFactors,
    },
    async (request, reply) => {
      await app.accounts.removeSecondFactors(request.params.id, actorOf(request))
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/:id/password',
    {
      config,
      schema: userRouteSchemas.changePassword(passwordMinLength),
    },
    async (request, reply) => {
      // Not even an administrator sets another user's password over HTTP.
      if (request.params.id !== request.user.user_id) throw forbidden(Message.FORBIDDEN_USER_ID)
      const change = {
        userId: request.params.id,
        sessionId: request.user.sid,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      }
      const tokens = await app.accounts.changePassword(change, actorOf(request))
      reply.headers(NO_STORE)
      return ok(toTokenPair(tokens))
    },
  )
}

export default userRoutes
