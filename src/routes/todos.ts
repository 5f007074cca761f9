import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ListedTodo } from '../db/repositories/todos.js'
import { type AppError, ErrorCode, forbidden, Message, notFound, toAppError } from '../errors.js'
import { sendFailure } from '../plugins/envelope.js'
import { IdParamsSchema } from '../schemas/common.js'
import { noContent, PlainExamples, plain, plainFailure, Sample, success } from '../schemas/responses.js'
import {
  CreateTodoBodySchema,
  ListTodosQuerySchema,
  type TodoError,
  type TodoList,
  TodoListSchema,
  type TodoRateLimited,
  TodoSchema,
  toTodo,
  UpdateTodoBodySchema,
} from '../schemas/todos.js'

/** Rows read and serialised at a time when the whole list is asked for. */
const LIST_BATCH = 500

/**
 * The list's JSON, `{"todos":[...],"total":N}`, written batch by batch (each todo as the response
 * schema would write it). `total` counts them all, whatever the offset, as the first batch found them.
 */
async function* streamList(first: ListedTodo[], total: number, next: (last: ListedTodo) => Promise<ListedTodo[]>) {
  yield '{"todos":['
  let count = 0
  let batch = first
  while (batch.length > 0) {
    let chunk = ''
    for (const row of batch) chunk += (count++ === 0 ? '' : ',') + JSON.stringify(toTodo(row))
    yield chunk
    const last = batch.at(-1)
    if (batch.length < LIST_BATCH || !last) break
    batch = await next(last)
  }
  yield `],"total":${total}}`
}

/** decisions.md: the todo routes' own error messages. */
const TodoMessage = {
  INVALID_ID: 'invalid todo ID',
  NOT_FOUND: 'todo not found',
  FORBIDDEN: 'forbidden',
  UNAUTHORIZED: 'unauthorized',
  RATE_LIMITED: 'rate limit exceeded',
  INTERNAL: 'internal server error',
} as const

const badBody = (also: string) =>
  plainFailure(`The message of the first failing field, or \`Invalid request data format\`${also}`, [
    { summary: 'A field fails validation', value: { error: 'Title is required' } },
    PlainExamples.invalidFormat,
  ])
const badId = plainFailure('`invalid todo ID`: the id is not a positive integer in plain digits', [
  PlainExamples.invalidId,
])
const notYours = plainFailure('`forbidden`: the todo belongs to another user', [PlainExamples.forbidden])
const missing = plainFailure('`todo not found`: no such todo, or it was deleted', [PlainExamples.notFound])
const docs = { tags: ['todos'], security: [{ bearerAuth: [] }] }

/**
 * The per-user todo API under /api/v1/todos. No envelope: bodies are plain and every error, the 401
 * and 429 included, is `{ error }` (decisions.md). Both rules hold for this scope only, by encapsulation.
 */
const todoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { todos } = app.repos

  app.setErrorHandler(sendPlainError)
  app.addHook('onRequest', app.authenticate)

  /** Why the caller cannot have todo `id`: another user's is 403, a missing or deleted one 404. */
  const refusal = async (id: number, userId: number) => {
    const todo = await todos.findLive(id)
    return todo && todo.userId !== userId ? forbidden(TodoMessage.FORBIDDEN) : notFound(TodoMessage.NOT_FOUND)
  }

  // '' rather than '/': the list and create paths are exactly /api/v1/todos, as the spec spells them.
  app.post(
    '',
    {
      schema: {
        ...docs,
        operationId: 'createTodo',
        summary: 'Create a todo for the caller',
        description: 'The todo belongs to the caller; `description` is `""` when not given.',
        body: { ...CreateTodoBodySchema, examples: [{ title: 'Buy milk', description: 'Two litres' }] },
        response: plain(
          {
            201: success(Type.Ref(TodoSchema), 'The new todo', { ...Sample.todo, description: 'Two litres' }),
            400: badBody(''),
          },
          { body: true },
        ),
      },
    },
    async (request, reply) => {
      const todo = await todos.create(request.user.user_id, request.body)
      return reply.status(201).send(toTodo(todo))
    },
  )

  app.get(
    '',
    {
      schema: {
        ...docs,
        operationId: 'listTodos',
        summary: 'List the caller’s todos, newest first',
        description: 'Every todo unless `limit` is given; `total` counts them all whatever the page.',
        querystring: ListTodosQuerySchema,
        response: plain({
          200: success(TodoListSchema, 'The caller’s todos, newest first, and how many there are', {
            todos: [Sample.todo],
            total: 1,
          }),
          400: plainFailure('`limit` or `offset` out of range or not an integer', [
            { summary: 'A limit out of range', value: { error: 'Limit must be at most 100' } },
          ]),
        }),
      },
    },
    async (request, reply) => {
      const userId = request.user.user_id
      const { limit, offset } = request.query
      if (limit !== undefined) {
        const { rows, total } = await todos.listByUser(userId, { limit, offset })
        return { todos: rows.map(toTodo), total }
      }
      // The whole list: the first batch as one answer when it is all, otherwise streamed batch by batch,
      // so a long list costs the server one batch of memory, not the list (and a failure before the
      // first byte is still an ordinary error answer).
      const first = await todos.listFrom(userId, offset ?? 0, LIST_BATCH)
      if (first.rows.length < LIST_BATCH) return { todos: first.rows.map(toTodo), total: first.total }
      const body = Readable.from(
        streamList(first.rows, first.total, (last) => todos.listAfter(userId, last, LIST_BATCH)),
      )
      // The type provider types a body by its schema; Fastify sends a stream of that JSON as it comes.
      return reply.type('application/json; charset=utf-8').send(body as unknown as TodoList)
    },
  )

  app.get(
    '/:id',
    {
      schema: {
        ...docs,
        operationId: 'getTodo',
        summary: 'Read one of the caller’s todos',
        description: 'Another user’s todo is 403; a missing or deleted one 404.',
        params: IdParamsSchema,
        response: plain({
          200: success(Type.Ref(TodoSchema), 'The todo', Sample.todo),
          400: badId,
          403: notYours,
          404: missing,
        }),
      },
    },
    async (request) => {
      const { id } = request.params
      const todo = await todos.findOwned(id, request.user.user_id)
      if (!todo) throw await refusal(id, request.user.user_id)
      return toTodo(todo)
    },
  )

  app.put(
    '/:id',
    {
      schema: {
        ...docs,
        operationId: 'updateTodo',
        summary: 'Update one of the caller’s todos (omitted fields keep their values)',
        description: 'Omitted fields keep their values.',
        params: IdParamsSchema,
        body: { ...UpdateTodoBodySchema, examples: [{ completed: true }] },
        response: plain(
          {
            200: success(Type.Ref(TodoSchema), 'The updated todo', { ...Sample.todo, completed: true }),
            400: badBody('; or `invalid todo ID`'),
            403: notYours,
            404: missing,
          },
          { body: true },
        ),
      },
    },
    async (request) => {
      const { id } = request.params
      const todo = await todos.update(id, request.user.user_id, request.body)
      if (!todo) throw await refusal(id, request.user.user_id)
      return toTodo(todo)
    },
  )

  app.delete(
    '/:id',
    {
      schema: {
        ...docs,
        operationId: 'deleteTodo',
        summary: 'Delete one of the caller’s todos',
        description: 'A soft delete: the todo disappears from every read.',
        params: IdParamsSchema,
        response: plain(
          {
            204: noContent('Deleted; no body'),
            400: plainFailure('`invalid todo ID`; or a body that is not JSON', [
              PlainExamples.invalidId,
              PlainExamples.invalidFormat,
            ]),
            403: notYours,
            404: missing,
          },
          { body: true },
        ),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!(await todos.softDelete(id, request.user.user_id))) throw await refusal(id, request.user.user_id)
      return reply.status(204).send(null)
    },
  )
}

export default todoRoutes

/**
 * The scope's error handler: every failure goes through the one mapper, then answers in the plain
 * shape. The cause is kept for the request's log line and never reaches the caller.
 */
function sendPlainError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, TodoMessage.INVALID_ID)
  return sendFailure(request, reply, appError, error, plainBody(appError))
}

function plainBody(error: AppError): TodoError | TodoRateLimited {
  switch (error.code) {
    case ErrorCode.VALIDATION_ERROR:
      // decisions.md: a validation failure names only its first failing field.
      return { error: firstMessage(error.details) ?? error.message }
    case ErrorCode.UNAUTHORIZED:
      return { error: TodoMessage.UNAUTHORIZED }
    case ErrorCode.FORBIDDEN:
      return { error: TodoMessage.FORBIDDEN }
    case ErrorCode.NOT_FOUND:
      return { error: TodoMessage.NOT_FOUND }
    case ErrorCode.TOO_MANY_REQUESTS:
      return { error: TodoMessage.RATE_LIMITED, message: Message.RATE_LIMITED, retry_after: retryAfter(error) }
    case ErrorCode.INTERNAL_ERROR:
      return { error: TodoMessage.INTERNAL }
    default:
      return { error: error.message }
  }
}

function firstMessage(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined
  return Object.values(details).find((value): value is string => typeof value === 'string')
}

function retryAfter(error: AppError): number {
  const seconds = (error.details as { retry_after?: unknown } | undefined)?.retry_after
  return typeof seconds === 'number' ? seconds : Number(error.headers?.['retry-after'] ?? 1)
}
