import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { createTodosRepository } from '../db/repositories/todos.js'
import { type AppError, ErrorCode, forbidden, Message, notFound, toAppError } from '../errors.js'
import { sendFailure } from '../plugins/envelope.js'
import { IdParamsSchema } from '../schemas/common.js'
import {
  CreateTodoBodySchema,
  ListTodosQuerySchema,
  type TodoError,
  TodoErrorSchema,
  TodoListSchema,
  type TodoRateLimited,
  TodoRateLimitedSchema,
  TodoSchema,
  toTodo,
  UpdateTodoBodySchema,
} from '../schemas/todos.js'

/** decisions.md: the todo routes' own error messages. */
const TodoMessage = {
  INVALID_ID: 'invalid todo ID',
  NOT_FOUND: 'todo not found',
  FORBIDDEN: 'forbidden',
  UNAUTHORIZED: 'unauthorized',
  RATE_LIMITED: 'rate limit exceeded',
  INTERNAL: 'internal server error',
} as const

const failure = (description: string) => Type.Ref(TodoErrorSchema, { description })
const everyRoute = {
  401: failure('Missing, malformed or expired access token: `unauthorized`'),
  429: Type.Ref(TodoRateLimitedSchema, { description: 'Rate limit exceeded' }),
  500: failure('Unexpected failure: `internal server error`'),
  503: failure('The database cannot be reached'),
}
const badBody = failure('Invalid body: the message of the first failing field, or `Invalid request data format`')
const tooLarge = failure('Body over 64 KiB')
const badId = failure('`invalid todo ID`: the id is not a positive integer')
const notYours = failure('`forbidden`: the todo belongs to another user')
const missing = failure('`todo not found`: no such todo, or it was deleted')
const docs = { tags: ['todos'], security: [{ bearerAuth: [] }] }

/**
 * The per-user todo API under /api/v1/todos. No envelope: bodies are plain and every error, the 401
 * and 429 included, is `{ error }` (decisions.md). Both rules hold for this scope only, by encapsulation.
 */
const todoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const todos = createTodosRepository(app.db)

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
        body: CreateTodoBodySchema,
        response: { 201: Type.Ref(TodoSchema), 400: badBody, 413: tooLarge, ...everyRoute },
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
        response: { 200: TodoListSchema, 400: failure('Invalid `limit` or `offset`'), ...everyRoute },
      },
    },
    async (request) => {
      const { rows, total } = await todos.listByUser(request.user.user_id, request.query)
      return { todos: rows.map(toTodo), total }
    },
  )

  app.get(
    '/:id',
    {
      schema: {
        ...docs,
        operationId: 'getTodo',
        summary: 'Read one of the caller’s todos',
        params: IdParamsSchema,
        response: { 200: Type.Ref(TodoSchema), 400: badId, 403: notYours, 404: missing, ...everyRoute },
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
        params: IdParamsSchema,
        body: UpdateTodoBodySchema,
        response: {
          200: Type.Ref(TodoSchema),
          400: failure('`invalid todo ID`, or an invalid body'),
          403: notYours,
          404: missing,
          413: tooLarge,
          ...everyRoute,
        },
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
        response: {
          204: Type.Null({ description: 'Deleted; no body' }),
          400: badId,
          403: notYours,
          404: missing,
          ...everyRoute,
        },
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
