import { type Static, Type } from '@sinclair/typebox'
import type { ListedTodo } from '../db/repositories/todos.js'
import type { TodoRow } from '../db/schema.js'
import { Message } from '../errors.js'
import { Id, Int32, Seconds, Text, Timestamp, TrimmedString } from './common.js'

export const TITLE_MAX = 255
export const DESCRIPTION_MAX = 1000

export const TodoSchema = Type.Object(
  {
    id: Id({ example: 42 }),
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX, example: 'Buy milk' }),
    description: Type.String({ maxLength: DESCRIPTION_MAX, description: '"" when none was given' }),
    completed: Type.Boolean(),
    user_id: Id({ description: 'The owner, taken from the access token' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Todo' },
)
export type Todo = Static<typeof TodoSchema>

// decisions.md: titles are trimmed, so a blank title fails the minimum length.
const title = TrimmedString({ minLength: 1, maxLength: TITLE_MAX, description: 'Trimmed; 1 to 255 characters' })
const description = Type.String({ maxLength: DESCRIPTION_MAX, description: 'At most 1000 characters' })

export const CreateTodoBodySchema = Type.Object(
  { title, description: Type.Optional(description) },
  { example: { title: 'Buy milk', description: 'Two litres, semi-skimmed' } },
)
export type CreateTodoBody = Static<typeof CreateTodoBodySchema>

export const UpdateTodoBodySchema = Type.Object(
  {
    title: Type.Optional(title),
    description: Type.Optional(description),
    completed: Type.Optional(Type.Boolean()),
  },
  { description: 'Omitted fields keep their values', example: { completed: true } },
)
export type UpdateTodoBody = Static<typeof UpdateTodoBodySchema>

/** decisions.md: the list is complete by default; `limit` and `offset` page through it. */
export const ListTodosQuerySchema = Type.Object({
  limit: Type.Optional(Int32({ minimum: 1, maximum: 100, description: 'At most this many todos' })),
  offset: Type.Optional(Int32({ description: 'Skip this many todos' })),
})
export type ListTodosQuery = Static<typeof ListTodosQuerySchema>

export const TodoListSchema = Type.Object({
  todos: Type.Array(Type.Ref(TodoSchema), { description: 'Newest first' }),
  total: Int32({ description: 'All of the caller’s todos, whatever the page' }),
})
export type TodoList = Static<typeof TodoListSchema>

/** Every failure on the todo routes: a plain object, no envelope. */
export const TodoErrorSchema = Type.Object({ error: Text(1024, { example: 'todo not found' }) }, { $id: 'TodoError' })
export type TodoError = Static<typeof TodoErrorSchema>

/** The rate limiter's plain variant, which the todo routes answer with. */
export const TodoRateLimitedSchema = Type.Object(
  {
    error: Type.Literal('rate limit exceeded'),
    message: Type.Literal(Message.RATE_LIMITED),
    retry_after: Seconds({ description: 'Seconds until a request is allowed again' }),
  },
  { $id: 'TodoRateLimited' },
)
export type TodoRateLimited = Static<typeof TodoRateLimitedSchema>

/** The one place a todo row becomes its public shape (a listed one has its timestamps' text already). */
export const toTodo = (row: TodoRow | ListedTodo): Todo => ({
  id: row.id,
  title: row.title,
  description: row.description,
  completed: row.completed,
  user_id: row.userId,
  created_at: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
  updated_at: typeof row.updatedAt === 'string' ? row.updatedAt : row.updatedAt.toISOString(),
})
