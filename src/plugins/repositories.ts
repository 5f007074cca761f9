import fp from 'fastify-plugin'
import { createRepositories, type Repositories } from '../db/repositories/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories
  }
}

/** Decorates `app.repos`: every repository (db/repositories/index.ts), built once on the app's database. */
export default fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.db))
  },
  { name: 'repositories', dependencies: ['db'] },
)
