import fp from 'fastify-plugin'
import { type AuditEventsRepository, createAuditEventsRepository } from '../db/repositories/audit-events.js'
import { createRefreshTokensRepository, type RefreshTokensRepository } from '../db/repositories/refresh-tokens.js'
import { createTodosRepository, type TodosRepository } from '../db/repositories/todos.js'
import { createUsersRepository, type UsersRepository } from '../db/repositories/users.js'

export interface Repositories {
  users: UsersRepository
  todos: TodosRepository
  refreshTokens: RefreshTokensRepository
  auditEvents: AuditEventsRepository
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
  }
}

/**
 * Decorates `app.repos`: every repository, built once on the app's database so each prepares its
 * statements once. A method that may run in a caller's transaction takes it as its last argument.
 */
export default fp(
  async (app) => {
    app.decorate('repos', {
      users: createUsersRepository(app.db),
      todos: createTodosRepository(app.db),
      refreshTokens: createRefreshTokensRepository(app.db),
      auditEvents: createAuditEventsRepository(app.db),
    })
  },
  { name: 'repositories', dependencies: ['db'] },
)
