import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import t from 'tap'
import { todos } from '../../src/db/schema.js'
import {
  type App,
  build,
  captureLogs,
  createTodo,
  forgeToken,
  freshDatabase,
  ISO,
  registerUser,
  TEST_SECRET,
  type TestUser,
} from '../helper.js'

// One app for the file: every test registers its own users, so none sees another's todos.
const app = await build(t)

const URL = '/api/v1/todos'

const list = async (app: App, user: TestUser, query = '') =>
  app.inject({ method: 'GET', url: `${URL}${query}`, headers: user.headers })

/** An HS256 token made by hand, so expiry and foreign secrets are tested without waiting or mocking. */
function handMadeToken(user: TestUser, claims: { iat: number; exp: number }, secret = TEST_SECRET) {
  const payload = { user_id: user.id, sub: String(user.id), email: user.email, name: user.name, roles: ['user'] }
  return forgeToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, jti: randomUUID(), ...claims }, secret)
}

t.test('POST /todos creates a todo owned by the caller', async (t) => {
  const user = await registerUser(app)
  const other = await registerUser(app)

  const res = await app.inject({
    method: 'POST',
    url: URL,
    headers: user.headers,
    // Fields the body does not declare are dropped: nobody can create a todo for someone else.
    payload: { title: '  Buy milk  ', user_id: other.id, id: 999_999, completed: true, deleted_at: null },
  })
  t.equal(res.statusCode, 201)
  const todo = res.json()
  t.same(Object.keys(todo).sort(), ['completed', 'created_at', 'description', 'id', 'title', 'updated_at', 'user_id'])
  t.match(todo, {
    id: Number,
    title: 'Buy milk',
    description: '',
    completed: false,
    user_id: user.id,
    created_at: ISO,
    updated_at: ISO,
  })
  t.not(todo.id, 999_999)
  t.equal(todo.created_at, todo.updated_at)
  t.notOk('success' in todo, 'no envelope')

  const withDescription = await createTodo(app, user, { title: 'Call', description: 'About the invoice' })
  t.equal(withDescription.description, 'About the invoice')
})

t.test('POST /todos accepts titles of 1 and 255 characters and a description of 1000', async (t) => {
  const user = await registerUser(app)
  for (const payload of [
    { title: 'a' },
    { title: 'x'.repeat(255) },
    { title: '\u{1F600}'.repeat(255), description: '\u{1F600}'.repeat(1000) },
    { title: 'ok', description: 'd'.repeat(1000) },
    { title: 'ok', description: '' },
  ]) {
    const res = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload })
    t.equal(res.statusCode, 201, `title ${payload.title.length} code units`)
    t.match(res.json(), payload)
  }
})

t.test('POST /todos answers an invalid body with the first failing field', async (t) => {
  const user = await registerUser(app)
  const cases: [string, object, string][] = [
    ['no title', { description: 'x' }, 'Title is required'],
    ['an empty title', { title: '' }, 'Title is too short (minimum 1)'],
    ['a blank title', { title: ' \t\n ' }, 'Title is too short (minimum 1)'],
    ['a title of 256', { title: 'x'.repeat(256) }, 'Title is too long (maximum 255)'],
    ['a title of 256 characters beyond the BMP', { title: '\u{1F600}'.repeat(256) }, 'Title is too long (maximum 255)'],
    ['a number as title', { title: 42 }, 'Title must be a string'],
    ['a description of 1001', { title: 'ok', description: 'd'.repeat(1001) }, 'Description is too long (maximum 1000)'],
    ['a null description', { title: 'ok', description: null }, 'Description must be a string'],
    ['two bad fields', { title: '', description: 'd'.repeat(1001) }, 'Title is too short (minimum 1)'],
    ['an array', [], 'Invalid request data format'],
  ]
  for (const [name, payload, error] of cases) {
    const res = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload })
    t.equal(res.statusCode, 400, name)
    t.same(res.json(), { error }, name)
  }
  const listed = await list(app, user)
  t.equal(listed.json().total, 0, 'nothing was created')
})

t.test('POST /todos refuses a body that is not JSON, and one over 64 KiB', async (t) => {
  const user = await registerUser(app)
  for (const [name, type, payload] of [
    ['malformed JSON', 'application/json', '{"title": "unterminated'],
    ['an empty JSON body', 'application/json', ''],
    ['plain text', 'text/plain', 'Buy milk'],
    ['a form', 'application/x-www-form-urlencoded', 'title=Buy+milk'],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: URL,
      headers: { ...user.headers, 'content-type': type },
      payload,
    })
    t.equal(res.statusCode, 400, name)
    t.same(res.json(), { error: 'Invalid request data format' }, name)
  }
  const large = await app.inject({
    method: 'POST',
    url: URL,
    headers: user.headers,
    payload: { title: 'ok', description: 'd'.repeat(70_000) },
  })
  t.equal(large.statusCode, 413)
  t.same(large.json(), { error: 'Request body is too large' })
})

t.test('GET /todos lists only the caller’s live todos, newest first, with the total', async (t) => {
  const user = await registerUser(app)
  const other = await registerUser(app)

  const empty = await list(app, user)
  t.equal(empty.statusCode, 200)
  t.same(empty.json(), { todos: [], total: 0 })

  const first = await createTodo(app, user, { title: 'first' })
  const second = await createTodo(app, user, { title: 'second' })
  const third = await createTodo(app, user, { title: 'third' })
  await createTodo(app, other, { title: 'not yours' })
  const removed = await app.inject({ method: 'DELETE', url: `${URL}/${second.id}`, headers: user.headers })
  t.equal(removed.statusCode, 204)

  const res = await list(app, user)
  t.equal(res.statusCode, 200)
  t.same(res.json(), { todos: [third, first], total: 2 })
  t.same(
    (await list(app, other)).json().todos.map((todo: { title: string }) => todo.title),
    ['not yours'],
    'the other user sees only their own',
  )
})

t.test('the list writes each todo byte for byte as the answer for that todo does', async (t) => {
  // A short list is JSON that PostgreSQL writes, a single todo the response schema's serialiser.
  const user = await registerUser(app)
  const awkward = [
    '"quoted" and back\\slashed\\',
    'tab\there, \u0001, \u001f and \u007f',
    'line\u2028and\u2029paragraph separators',
    'é 漢字 😀 </script> <!--',
  ]
  const ids: number[] = []
  for (const text of awkward) ids.push((await createTodo(app, user, { title: text, description: text })).id)
  const [oldest, ...later] = ids as [number, ...number[]]
  // Past microseconds and a whole second: both are cut to the millisecond, as Date#toISOString writes them.
  await app.db
    .update(todos)
    .set({ createdAt: sql`'2026-01-02 03:04:05.678999+00'`, updatedAt: sql`'2026-01-02 03:04:05+00'` })
    .where(eq(todos.id, oldest))

  const res = await list(app, user)
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  const newestFirst = [...later.reverse(), oldest]
  const singles = []
  for (const id of newestFirst)
    singles.push((await app.inject({ method: 'GET', url: `${URL}/${id}`, headers: user.headers })).body)
  t.equal(res.body, `{"todos":[${singles.join(',')}],"total":${ids.length}}`)
  t.match(res.json().todos.at(-1), { created_at: '2026-01-02T03:04:05.678Z', updated_at: '2026-01-02T03:04:05.000Z' })
  t.same(
    res.json().todos.map((todo: { title: string }) => todo.title),
    newestFirst.map((id) => awkward[ids.indexOf(id)]),
    'the titles read back as they were sent',
  )
})

t.test('GET /todos pages with limit and offset while total counts them all', async (t) => {
  const user = await registerUser(app)
  const created = []
  for (let i = 1; i <= 5; i++) created.push(await createTodo(app, user, { title: `todo ${i}` }))
  const ids = (query: string) =>
    list(app, user, query).then((res) => {
      t.equal(res.statusCode, 200, query)
      t.equal(res.json().total, 5, `${query}: total`)
      return res.json().todos.map((todo: { id: number }) => todo.id)
    })
  const [one, two, three, four, five] = created.map((todo) => todo.id)

  t.same(await ids(''), [five, four, three, two, one], 'everything without a limit')
  t.same(await ids('?limit=2'), [five, four])
  t.same(await ids('?limit=2&offset=2'), [three, two])
  t.same(await ids('?offset=4'), [one])
  t.same(await ids('?limit=100&offset=5'), [], 'past the end')
  t.same(await ids('?offset=1000'), [], 'far past the end')
  t.same(await ids('?limit=1&unknown=x'), [five], 'unknown parameters are ignored')
})

t.test('GET /todos refuses a limit or offset out of range', async (t) => {
  const user = await registerUser(app)
  for (const [query, error] of [
    ['?limit=0', 'Limit must be at least 1'],
    ['?limit=101', 'Limit must be at most 100'],
    ['?limit=ten', 'Limit must be an integer'],
    ['?limit=1.5', 'Limit must be an integer'],
    ['?offset=-1', 'Offset must be at least 0'],
    ['?limit=1e1', 'Limit must be an integer'],
    ['?offset=+1', 'Offset must be an integer'],
  ] as const) {
    const res = await list(app, user, query)
    t.equal(res.statusCode, 400, query)
    t.same(res.json(), { error }, query)
  }
})

t.test('GET /todos/:id returns the caller’s todo', async (t) => {
  const user = await registerUser(app)
  const todo = await createTodo(app, user, { title: 'Read', description: 'A book' })
  const res = await app.inject({ method: 'GET', url: `${URL}/${todo.id}`, headers: user.headers })
  t.equal(res.statusCode, 200)
  t.same(res.json(), todo)
})

t.test('another user’s todo is 403 on read, update and delete, and stays as it was', async (t) => {
  const owner = await registerUser(app)
  const intruder = await registerUser(app)
  const todo = await createTodo(app, owner, { title: 'Private' })

  for (const [method, payload] of [
    ['GET', undefined],
    ['PUT', { title: 'Mine now', completed: true }],
    ['DELETE', undefined],
  ] as const) {
    const res = await app.inject({ method, url: `${URL}/${todo.id}`, headers: intruder.headers, payload })
    t.equal(res.statusCode, 403, method)
    t.same(res.json(), { error: 'forbidden' }, method)
  }
  const kept = await app.inject({ method: 'GET', url: `${URL}/${todo.id}`, headers: owner.headers })
  t.equal(kept.statusCode, 200)
  t.same(kept.json(), todo, 'unchanged and not deleted')
})

t.test('a missing or deleted todo is 404 on read, update and delete', async (t) => {
  const user = await registerUser(app)
  const deleted = await createTodo(app, user)
  const removed = await app.inject({ method: 'DELETE', url: `${URL}/${deleted.id}`, headers: user.headers })
  t.equal(removed.statusCode, 204)

  for (const id of [deleted.id, 2_147_483_647]) {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { completed: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await app.inject({ method, url: `${URL}/${id}`, headers: user.headers, payload })
      t.equal(res.statusCode, 404, `${method} ${id}`)
      t.same(res.json(), { error: 'todo not found' }, `${method} ${id}`)
    }
  }
})

t.test('a path id that is not a positive integer is 400 invalid todo ID', async (t) => {
  const user = await registerUser(app)
  for (const id of ['abc', '0', '-1', '1.5', '2147483648', '%20', '1e3', '+1', '01', '0x10']) {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { completed: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await app.inject({ method, url: `${URL}/${id}`, headers: user.headers, payload })
      t.equal(res.statusCode, 400, `${method} ${id}`)
      t.same(res.json(), { error: 'invalid todo ID' }, `${method} ${id}`)
    }
  }
})

t.test('PUT /todos/:id changes only the given fields and moves updated_at', async (t) => {
  const user = await registerUser(app)
  const original = await createTodo(app, user, { title: 'Write report', description: 'Quarterly' })
  const put = async (payload: object) => {
    const res = await app.inject({ method: 'PUT', url: `${URL}/${original.id}`, headers: user.headers, payload })
    t.equal(res.statusCode, 200, JSON.stringify(payload))
    return res.json()
  }

  const completed = await put({ completed: true })
  t.match(completed, { id: original.id, title: 'Write report', description: 'Quarterly', completed: true })
  t.equal(completed.created_at, original.created_at, 'created_at stays')
  t.ok(completed.updated_at > original.updated_at, 'updated_at moves')

  const retitled = await put({ title: '  Write the report  ' })
  t.match(retitled, { title: 'Write the report', description: 'Quarterly', completed: true })
  t.ok(retitled.updated_at > completed.updated_at, 'updated_at moves again')

  const cleared = await put({ description: '', completed: false })
  t.match(cleared, { title: 'Write the report', description: '', completed: false })

  const untouched = await put({})
  t.match(untouched, { title: 'Write the report', description: '', completed: false })
  t.ok(untouched.updated_at > cleared.updated_at, 'even an empty update is a write')

  const read = await app.inject({ method: 'GET', url: `${URL}/${original.id}`, headers: user.headers })
  t.same(read.json(), untouched, 'the update was stored')
})

t.test('PUT /todos/:id validates at the same bounds as POST and ignores undeclared fields', async (t) => {
  const user = await registerUser(app)
  const other = await registerUser(app)
  const todo = await createTodo(app, user, { title: 'Original', description: 'Kept' })
  const put = (payload: object) =>
    app.inject({ method: 'PUT', url: `${URL}/${todo.id}`, headers: user.headers, payload })

  for (const [payload, error] of [
    [{ title: '' }, 'Title is too short (minimum 1)'],
    [{ title: '   ' }, 'Title is too short (minimum 1)'],
    [{ title: 'x'.repeat(256) }, 'Title is too long (maximum 255)'],
    [{ title: null }, 'Title must be a string'],
    [{ description: 'd'.repeat(1001) }, 'Description is too long (maximum 1000)'],
    [{ completed: 'yes' }, 'Completed must be a boolean'],
    [{ completed: 1 }, 'Completed must be a boolean'],
  ] as const) {
    const res = await put(payload)
    t.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 40))
    t.same(res.json(), { error }, JSON.stringify(payload).slice(0, 40))
  }
  const malformed = await app.inject({
    method: 'PUT',
    url: `${URL}/${todo.id}`,
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: '{"title":',
  })
  t.equal(malformed.statusCode, 400)
  t.same(malformed.json(), { error: 'Invalid request data format' })

  const unchanged = await app.inject({ method: 'GET', url: `${URL}/${todo.id}`, headers: user.headers })
  t.same(unchanged.json(), todo, 'a refused update changes nothing')

  const atBounds = await put({ title: 'y'.repeat(255), description: 'z'.repeat(1000) })
  t.equal(atBounds.statusCode, 200)
  t.match(atBounds.json(), { title: 'y'.repeat(255), description: 'z'.repeat(1000) })

  const shortest = await put({ title: 'y', user_id: other.id, id: todo.id + 1, created_at: '2000-01-01T00:00:00.000Z' })
  t.equal(shortest.statusCode, 200)
  t.match(shortest.json(), { id: todo.id, title: 'y', user_id: user.id, created_at: todo.created_at })
})

t.test('DELETE /todos/:id is a soft delete answered by 204 with an empty body', async (t) => {
  const user = await registerUser(app)
  const todo = await createTodo(app, user)

  const res = await app.inject({ method: 'DELETE', url: `${URL}/${todo.id}`, headers: user.headers })
  t.equal(res.statusCode, 204)
  t.equal(res.body, '')
  t.notOk(res.headers['content-type'], 'no body, so no content type')

  t.same((await list(app, user)).json(), { todos: [], total: 0 })
  const [row] = await app.db.select().from(todos).where(eq(todos.id, todo.id))
  t.ok(row, 'the row is kept')
  t.ok(row?.deletedAt instanceof Date, 'and marked deleted')
})

t.test('softDeleteAllForUser hides one user’s todos and no one else’s', async (t) => {
  const leaving = await registerUser(app)
  const staying = await registerUser(app)
  await createTodo(app, leaving, { title: 'one' })
  await createTodo(app, leaving, { title: 'two' })
  const kept = await createTodo(app, staying, { title: 'kept' })

  t.equal(await app.repos.todos.softDeleteAllForUser(leaving.id, new Date()), 2)
  t.same((await list(app, leaving)).json(), { todos: [], total: 0 })
  t.same((await list(app, staying)).json(), { todos: [kept], total: 1 })
  t.equal(await app.repos.todos.softDeleteAllForUser(leaving.id, new Date()), 0, 'nothing left to delete')
})

t.test('every todo route answers 401 unauthorized without a valid access token', async (t) => {
  const user = await registerUser(app)
  const todo = await createTodo(app, user)
  const now = Math.floor(Date.now() / 1000)

  const fresh = handMadeToken(user, { iat: now, exp: now + 60 })
  const check = await app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${fresh}` } })
  t.equal(check.statusCode, 200, 'a hand-made token is good while it lasts')

  const headers: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer token', { authorization: 'Bearer ' }],
    ['a malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['an expired token', { authorization: `Bearer ${handMadeToken(user, { iat: now - 120, exp: now - 1 })}` }],
    [
      'a foreign signature',
      { authorization: `Bearer ${handMadeToken(user, { iat: now, exp: now + 60 }, 'x'.repeat(40))}` },
    ],
  ]
  const routes = [
    ['POST', URL, { title: 'x' }],
    ['GET', URL, undefined],
    ['GET', `${URL}/${todo.id}`, undefined],
    ['PUT', `${URL}/${todo.id}`, { completed: true }],
    ['DELETE', `${URL}/${todo.id}`, undefined],
  ] as const
  for (const [name, credentials] of headers)
    for (const [method, url, payload] of routes) {
      const res = await app.inject({ method, url, headers: credentials, payload })
      t.equal(res.statusCode, 401, `${method} ${url} with ${name}`)
      t.same(res.json(), { error: 'unauthorized' }, `${method} ${url} with ${name}`)
      t.match(res.headers['www-authenticate'], /^Bearer realm="api"/, `${method} ${url} with ${name}`)
    }

  const badIdAndNoToken = await app.inject({ method: 'GET', url: `${URL}/abc` })
  t.equal(badIdAndNoToken.statusCode, 401, 'authentication comes before the id check')
  const badBodyAndNoToken = await app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json' },
    payload: '{',
  })
  t.equal(badBodyAndNoToken.statusCode, 401, 'and before the body is read')
  const kept = await app.inject({ method: 'GET', url: `${URL}/${todo.id}`, headers: user.headers })
  t.same(kept.json(), todo, 'nothing changed')
})

t.test('a failing database is 500 internal server error on every route, the cause only in the log', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const logs = captureLogs()
  const app = await build(t, { database, logStream: logs.stream, env: { LOG_LEVEL: 'info', NODE_ENV: 'development' } })
  const user = await registerUser(app)
  const todo = await createTodo(app, user)
  await database.db.execute(sql`ALTER TABLE todos RENAME TO todos_moved_away`)

  for (const [method, url, payload] of [
    ['POST', URL, { title: 'x' }],
    ['GET', URL, undefined],
    ['GET', `${URL}/${todo.id}`, undefined],
    ['PUT', `${URL}/${todo.id}`, { completed: true }],
    ['DELETE', `${URL}/${todo.id}`, undefined],
  ] as const) {
    const res = await app.inject({ method, url, headers: user.headers, payload })
    t.equal(res.statusCode, 500, `${method} ${url}`)
    t.same(res.json(), { error: 'internal server error' }, `${method} ${url}: no cause, even in development`)
  }
  const failures = logs.lines.filter((line) => line.status === 500)
  t.equal(failures.length, 5, 'each failure is logged')
  for (const line of failures) t.match(line, { level: 50, err: { message: /todos/ } }, 'at error level, with the cause')
})

t.test('unknown methods and paths under /api/v1/todos keep the envelope 404', async (t) => {
  const user = await registerUser(app)
  for (const [method, url] of [
    ['PATCH', `${URL}/1`],
    ['GET', `${URL}/1/items`],
  ] as const) {
    const res = await app.inject({ method, url, headers: user.headers })
    t.equal(res.statusCode, 404, `${method} ${url}`)
    t.match(res.json(), { success: false, error: { code: 'NOT_FOUND' } }, `${method} ${url}`)
  }
})

t.test('the OpenAPI document describes every todo route', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/swagger/json' })
  t.equal(res.statusCode, 200)
  const document = res.json()
  t.match(document.components.schemas, { Todo: Object, TodoError: Object, TodoRateLimited: Object })

  // A response names the shared schema directly or through a one-member allOf.
  const error = /"\$ref":"#\/components\/schemas\/TodoError"/
  const limited = /"\$ref":"#\/components\/schemas\/TodoRateLimited"/
  const operations = [
    ['post', URL, '201', ['400', '401', '413', '429', '500']],
    ['get', URL, '200', ['400', '401', '429', '500']],
    ['get', `${URL}/{id}`, '200', ['400', '401', '403', '404', '429', '500']],
    ['put', `${URL}/{id}`, '200', ['400', '401', '403', '404', '413', '429', '500']],
    ['delete', `${URL}/{id}`, '204', ['400', '401', '403', '404', '429', '500']],
  ] as const
  for (const [method, path, success, failures] of operations) {
    const operation = document.paths[path]?.[method]
    t.match(operation, { tags: ['todos'], summary: String, security: [{ bearerAuth: [] }] }, `${method} ${path}`)
    t.ok(operation?.responses?.[success], `${method} ${path} documents ${success}`)
    for (const status of failures)
      t.match(
        JSON.stringify(operation?.responses?.[status]?.content?.['application/json']?.schema),
        status === '429' ? limited : error,
        `${method} ${path} documents ${status}`,
      )
  }
  t.match(document.paths[URL].post.requestBody.content['application/json'].schema.properties, {
    title: { type: 'string', minLength: 1, maxLength: 255 },
    description: { type: 'string', maxLength: 1000 },
  })
  t.match(document.paths[URL].get.parameters, [
    { name: 'limit', in: 'query' },
    { name: 'offset', in: 'query' },
  ])
})
