import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { type AppError, ErrorCode, Message, TodoMessage, toAppError } from '../errors.js'
import { sendFailure } from '../plugins/envelope.js'
import type { TodoError, TodoList, TodoRateLimited } from '../schemas/todos.js'
import { todoRouteSchemas } from '../schemas/todos-routes.js'
import type { ListedTodo } from '../services/todos.js'
import { toTodo } from './wire.js'

/** Rows read and serialised at a time when the whole list is asked for. */
const LIST_BATCH = 500

/** A body of JSON text: Fastify sends a string or a stream as it is. */
const JSON_TYPE = 'application/json; charset=utf-8'

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

/**
 * The per-user todo API under /api/v1/todos. No envelope: bodies are plain and every error, the 401
 * and 429 included, is `{ error }` (docs/contract.md). Both rules hold for this scope only, by encapsulation.
 */
const todoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { todos } = app

  app.setErrorHandler(sendPlainError)
  app.addHook('onRequest', app.authenticate)

  // '' rather than '/': the list and create paths are exactly /api/v1/todos, as the spec spells them.
  app.post('', { schema: todoRouteSchemas.createTodo }, async (request, reply) => {
    const todo = await todos.create(request.user.user_id, request.body)
    return reply.status(201).send(toTodo(todo))
  })

  app.get('', { schema: todoRouteSchemas.listTodos }, async (request, reply) => {
    const userId = request.user.user_id
    const { limit, offset } = request.query
    if (limit !== undefined) {
      const { rows, total } = await todos.list(userId, { limit, offset })
      return { todos: rows.map(toTodo), total }
    }
    // The whole list. A short one, which most are, is one answer in the JSON PostgreSQL writes for it
    // (the same bytes the response schema would write). A long one is streamed batch by batch, so it
    // costs the server one batch of memory, not the list (and a failure before the first byte is
    // still an ordinary error answer); past the list's end, the answer carries its count.
    const from = offset ?? 0
    const short = await todos.listJson(userId, from, LIST_BATCH)
    if (short.rows < LIST_BATCH && (short.rows > 0 || from === 0))
      return reply.type(JSON_TYPE).send(`{"todos":[${short.json}],"total":${from + short.rows}}` as unknown as TodoList)
    const first = await todos.list(userId, { limit: LIST_BATCH, offset: from })
    if (first.rows.length < LIST_BATCH) return { todos: first.rows.map(toTodo), total: first.total }
    const body = Readable.from(streamList(first.rows, first.total, (last) => todos.listAfter(userId, last, LIST_BATCH)))
    // The type provider types a body by its schema; Fastify sends a stream of that JSON as it comes.
    return reply.type(JSON_TYPE).send(body as unknown as TodoList)
  })

  app.get('/:id', { schema: todoRouteSchemas.getTodo }, async (request) =>
    toTodo(await todos.read(request.params.id, request.user.user_id)),
  )

  app.put('/:id', { schema: todoRouteSchemas.updateTodo }, async (request) =>
    toTodo(await todos.update(request.params.id, request.user.user_id, request.body)),
  )

  app.delete('/:id', { schema: todoRouteSchemas.deleteTodo }, async (request, reply) => {
    await todos.delete(request.params.id, request.user.user_id)
    return reply.status(204).send(null)
  })
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
      // docs/contract.md: a validation failure names only its first failing field.
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
