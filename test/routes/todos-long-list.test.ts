/**
 * The whole todo list of a user with many todos streams batch by batch: the same JSON as one answer
 * (order, fields, total), the same as reading it page by page, and a client that leaves mid-stream
 * leaves the server serving.
 */
import { request as httpRequest } from 'node:http'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { build, registerUser } from '../helper.js'

const COUNT = 1234

t.test('a list longer than one batch', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  // Timestamps a few microseconds apart, several in each millisecond, and ids against that order: the
  // batches must follow the database's full precision, not a JavaScript Date's milliseconds.
  await app.db.execute(sql`
    INSERT INTO todos (user_id, title, description, created_at, updated_at)
    SELECT ${user.id}, 'todo ' || i, '', ts, ts FROM (
      SELECT i, timestamptz '2026-01-01 00:00:00Z' + (i / 7) * interval '1 millisecond' + (6 - i % 7) * interval '1 microsecond' AS ts
      FROM generate_series(1, ${COUNT}) AS i) AS s`)
  await app.db.execute(sql`UPDATE todos SET deleted_at = now() WHERE user_id = ${user.id} AND title = 'todo 700'`)

  const list = (query = '') => app.inject({ method: 'GET', url: `/api/v1/todos${query}`, headers: user.headers })
  const whole = await list()
  t.equal(whole.statusCode, 200)
  t.match(whole.headers['content-type'], /^application\/json/)
  const body = whole.json() as { todos: { id: number; title: string }[]; total: number }
  t.equal(body.total, COUNT - 1, 'total counts every live todo')
  t.equal(body.todos.length, COUNT - 1, 'every live todo is there')
  t.equal(new Set(body.todos.map((todo) => todo.id)).size, COUNT - 1, 'none twice')
  t.notOk(
    body.todos.some((todo) => todo.title === 'todo 700'),
    'the deleted one is not',
  )

  // The same order the database gives, newest first and ties by id.
  const expected = (await app.db.execute(
    sql`SELECT id FROM todos WHERE user_id = ${user.id} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
  )) as unknown as { id: number }[] | { rows: { id: number }[] }
  const expectedIds = (Array.isArray(expected) ? expected : expected.rows).map((row) => Number(row.id))
  t.same(
    body.todos.map((todo) => todo.id),
    expectedIds,
    'in the list order',
  )

  let paged: number[] = []
  for (let offset = 0; offset < COUNT; offset += 100) {
    const page = (await list(`?limit=100&offset=${offset}`)).json() as typeof body
    t.equal(page.total, COUNT - 1)
    paged = paged.concat(page.todos.map((todo) => todo.id))
  }
  t.same(paged, expectedIds, 'the same as reading it page by page')

  const skipped = (await list('?offset=10')).json() as typeof body
  t.same(
    skipped.todos.map((todo) => todo.id),
    expectedIds.slice(10),
    'an offset without a limit skips that many',
  )
  t.equal(skipped.total, COUNT - 1, 'and total still counts them all')

  const [sample] = body.todos
  const one = await app.inject({ method: 'GET', url: `/api/v1/todos/${sample?.id}`, headers: user.headers })
  t.same(sample, one.json(), 'each todo is written as the single todo is')
})

t.test('a client that leaves mid-stream', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  await app.db.execute(sql`
    INSERT INTO todos (user_id, title, description)
    SELECT ${user.id}, 'todo ' || i, repeat('x', 500) FROM generate_series(1, 3000) AS i`)
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const firstBytes = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(`${origin}/api/v1/todos`, { headers: user.headers }, (res) => {
      res.once('data', (chunk: Buffer) => {
        req.destroy()
        resolve(chunk.toString())
      })
    })
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)))
    req.end()
  })
  t.match(firstBytes, /^\{"todos":\[/, 'the list had started')
  const after = await app.inject({ method: 'GET', url: '/api/v1/todos?limit=1', headers: user.headers })
  t.equal(after.statusCode, 200, 'and the server goes on serving')
  t.equal(after.json().total, 3000)
})
