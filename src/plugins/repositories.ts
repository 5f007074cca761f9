import fp from 'fastify-plugin'
import { createUsersRepository, type UsersRepository } from '../db/repositories/users.js'

export interface Repositories {
  users: UsersRepository
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
  }
}

/** Decorates `app.repos`: the repositories, each built once on the app's database. */
export default fp(
  async (app) => {
    app.decorate('repos', { users: createUsersRepository(app.db) })
  },
  { name: 'repositories', dependencies: ['db'] },
)
