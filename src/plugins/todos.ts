import fp from 'fastify-plugin'
import { createTodoService, type TodoService } from '../services/todos.js'

declare module 'fastify' {
  interface FastifyInstance {
    todos: TodoService
  }
}

/** Decorates `app.todos`: the per-user todo service (services/todos.ts) the todo routes speak for. */
export default fp<{ now: () => Date }>(
  async (app, { now }) => {
    app.decorate('todos', createTodoService({ todos: app.repos.todos, now }))
  },
  { name: 'todos', dependencies: ['repositories'] },
)
