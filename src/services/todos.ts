import type { ListedTodo, NewTodo, Page, TodoChanges, TodosJson, TodosRepository } from '../db/repositories/todos.js'
import type { TodoRow } from '../db/schema.js'
import { forbidden, notFound, TodoMessage } from '../errors.js'

/** A todo as the service hands it out. */
export type TodoRecord = Omit<TodoRow, 'deletedAt'>

export type { ListedTodo } from '../db/repositories/todos.js'

/**
 * The per-user todos. Every verb acts on the caller's own live todos only; when it finds none, the
 * refusal says why (docs/contract.md): another user's todo is 403, a missing or deleted one 404.
 */
export function createTodoService({ todos, now }: { todos: TodosRepository; now: () => Date }) {
  /** Why the caller cannot have todo `id`. */
  const refusal = async (id: number, userId: number) => {
    const todo = await todos.findLive(id)
    return todo && todo.userId !== userId ? forbidden(TodoMessage.FORBIDDEN) : notFound(TodoMessage.NOT_FOUND)
  }
  const ownedOrRefused = async (id: number, userId: number, found: TodoRecord | undefined): Promise<TodoRecord> => {
    if (!found) throw await refusal(id, userId)
    return found
  }

  return {
    create: (userId: number, fields: NewTodo): Promise<TodoRecord> => todos.create(userId, fields),

    /** A page of the caller's todos, newest first (ties by id), and how many there are in all. */
    list: (userId: number, page: Page): Promise<{ rows: ListedTodo[]; total: number }> =>
      todos.listByUser(userId, page),

    /** At most `batch` of the caller's whole list from `offset`, as the wire's JSON. */
    listJson: (userId: number, offset: number, batch: number): Promise<TodosJson> =>
      todos.listJson(userId, offset, batch),

    /** The caller's todos after `last` in the list's order, at most `limit`: the next batch of a long list. */
    listAfter: (userId: number, last: ListedTodo, limit: number): Promise<ListedTodo[]> =>
      todos.listAfter(userId, last, limit),

    read: async (id: number, userId: number): Promise<TodoRecord> =>
      ownedOrRefused(id, userId, await todos.findOwned(id, userId)),

    update: async (id: number, userId: number, changes: TodoChanges): Promise<TodoRecord> =>
      ownedOrRefused(id, userId, await todos.update(id, userId, changes, now())),

    delete: async (id: number, userId: number): Promise<void> => {
      if (!(await todos.softDelete(id, userId, now()))) throw await refusal(id, userId)
    },
  }
}

export type TodoService = ReturnType<typeof createTodoService>
