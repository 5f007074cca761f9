import { Type } from '@sinclair/typebox'
import { IdParamsSchema } from './common.js'
import { noContent, PlainExamples, plain, plainFailure, Sample, success } from './responses.js'
import {
  CreateTodoBodySchema,
  ListTodosQuerySchema,
  TodoListSchema,
  TodoSchema,
  UpdateTodoBodySchema,
} from './todos.js'

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

/** The todos routes' validation and OpenAPI documentation, one entry per operation (routes/todos.ts). */
export const todoRouteSchemas = {
  createTodo: {
    ...docs,
    operationId: 'createTodo',
    summary: 'Create a todo for the caller',
    description: 'The todo belongs to the caller; `description` is `""` when not given.',
    body: CreateTodoBodySchema,
    response: plain(
      {
        201: success(Type.Ref(TodoSchema), 'The new todo', { ...Sample.todo, description: 'Two litres' }),
        400: badBody(''),
      },
      { body: true },
    ),
  },
  listTodos: {
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
  getTodo: {
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
  updateTodo: {
    ...docs,
    operationId: 'updateTodo',
    summary: 'Update one of the caller’s todos (omitted fields keep their values)',
    description: 'Omitted fields keep their values.',
    params: IdParamsSchema,
    body: UpdateTodoBodySchema,
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
  deleteTodo: {
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
}
