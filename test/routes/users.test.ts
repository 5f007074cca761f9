import t from 'tap'
import { build, makeAdmin, refresh, registerUser, type TestUser, uniqueEmail } from '../helper.js'

t.test('GET /api/v1/users/:id', async (t) => {
  const app = await build(t)
  const user = await registerUser(app, { name: 'Reader' })
  const other = await registerUser(app)
  const admin = await makeAdmin(app, await registerUser(app))

  t.test('the owner reads the record', async (t) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
    t.equal(res.statusCode, 200)
    t.match(res.json(), {
      success: true,
      data: { id: user.id, name: 'Reader', email: user.email, roles: ['user'], created_at: String, updated_at: String },
      meta: { request_id: String, timestamp: String },
    })
    t.notMatch(res.body, /password/i)
  })

  t.test('another user’s id is 403 before any lookup', async (t) => {
    for (const id of [other.id, 2_000_000_000]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: user.headers })
      t.equal(res.statusCode, 403)
      t.match(res.json().error, { code: 'FORBIDDEN', message: 'Forbidden user ID' })
    }
  })

  t.test('an administrator reads anyone; a missing id is 404', async (t) => {
    t.same(admin.roles, ['user', 'admin'])
    const res = await app.inject({ method: 'GET', url: `/api/v1/users/${other.id}`, headers: admin.headers })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.email, other.email)
    const missing = await app.inject({ method: 'GET', url: '/api/v1/users/2000000000', headers: admin.headers })
    t.equal(missing.statusCode, 404)
    t.match(missing.json().error, { code: 'NOT_FOUND', message: 'User not found' })
  })

  t.test('an id that is not a positive integer is 400 Invalid user ID', async (t) => {
    // docs/contract.md: plain decimal digits only, so none of these is read as a number.
    const notPlain = ['1e3', '1e0', '+1', '01', '%201', '0x10', '1.0', 'Infinity', '1e400', '1_000']
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%20', ...notPlain]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: user.headers })
      t.equal(res.statusCode, 400, id)
      t.match(res.json().error, { code: 'VALIDATION_ERROR', message: 'Invalid user ID' }, id)
    }
  })

  t.test('needs a token', async (t) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` })
    t.equal(res.statusCode, 401)
  })
})

t.test('PUT /api/v1/users/:id', async (t) => {
  const app = await build(t)

  t.test('updates the name and email, leaving out what is not sent', async (t) => {
    const user = await registerUser(app)
    const email = uniqueEmail('renamed')
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: user.headers,
      payload: { name: '  New Name ', email },
    })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, { id: user.id, name: 'New Name', email, roles: ['user'] })
    t.ok(res.json().data.updated_at > res.json().data.created_at, 'updated_at moves')
    const partial = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: user.headers,
      payload: { name: 'Only Name' },
    })
    t.match(partial.json().data, { name: 'Only Name', email })
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: user.password },
    })
    t.equal(login.statusCode, 200, 'the new email logs in')
  })

  t.test('validates like registration', async (t) => {
    const user = await registerUser(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: user.headers,
      payload: { name: 'x', email: 'nope' },
    })
    t.equal(res.statusCode, 400)
    t.same(res.json().error.details, {
      Name: 'Name is too short (minimum 2)',
      Email: 'Email must be a valid email address',
    })
  })

  t.test('refuses a name with control characters or bidirectional overrides', async (t) => {
    const user = await registerUser(app)
    for (const name of ['Ada\u202ELovelace', 'Ada\u0000', 'Ada\u009BLovelace', 'Ada\u2028Lovelace']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        headers: user.headers,
        payload: { name },
      })
      // Named by code point: the raw characters would break the TAP stream the test reports on.
      const odd = [...name].find((char) => !/[A-Za-z]/.test(char)) ?? ''
      t.equal(res.statusCode, 400, `U+${(odd.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
      t.same(res.json().error, {
        ...res.json().error,
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        details: { Name: 'Name must be a printable string' },
      })
    }
  })

  t.test('409 for an email another live user holds; changing the case of one’s own is fine', async (t) => {
    const user = await registerUser(app)
    const other = await registerUser(app)
    const taken = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: user.headers,
      payload: { email: other.email.toUpperCase() },
    })
    t.equal(taken.statusCode, 409)
    t.match(taken.json().error, { code: 'CONFLICT', message: 'Email already exists' })
    const own = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: user.headers,
      payload: { email: user.email.toUpperCase() },
    })
    t.equal(own.statusCode, 200)
  })

  t.test('concurrent updates of two users to one email: one wins, one is 409', async (t) => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await registerUser(app), await registerUser(app)]
      const email = uniqueEmail('contested')
      const results = await Promise.all(
        [a, b].map((user) =>
          app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}`, headers: user.headers, payload: { email } }),
        ),
      )
      t.same(results.map((res) => res.statusCode).sort(), [200, 409], `round ${round}`)
    }
  })

  t.test('403 for another user, 404 for an administrator on a missing one', async (t) => {
    const user = await registerUser(app)
    const other = await registerUser(app)
    const admin = await makeAdmin(app, await registerUser(app))
    const forbidden = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${other.id}`,
      headers: user.headers,
      payload: { name: 'Hijack' },
    })
    t.equal(forbidden.statusCode, 403)
    const byAdmin = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${other.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed By Admin' },
    })
    t.equal(byAdmin.statusCode, 200)
    t.equal(byAdmin.json().data.name, 'Renamed By Admin')
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/users/2000000000',
      headers: admin.headers,
      payload: { name: 'Nobody' },
    })
    t.equal(missing.statusCode, 404)
  })
})

t.test('DELETE /api/v1/users/:id', async (t) => {
  const app = await build(t)

  t.test('soft-deletes the user: no login, no refresh, 404, todos gone, email free again', async (t) => {
    const user = await registerUser(app)
    const todo = await app.inject({
      method: 'POST',
      url: '/api/v1/todos',
      headers: user.headers,
      payload: { title: 'Mine' },
    })
    t.equal(todo.statusCode, 201)

    const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
    t.equal(res.statusCode, 204)
    t.equal(res.body, '', 'no body and no envelope')

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    })
    t.equal(login.statusCode, 401)
    const refreshed = await refresh(app, user.refreshToken)
    t.equal(refreshed.statusCode, 401)
    // docs/contract.md: the access token still authenticates until it expires, but the record is gone.
    const read = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
    t.equal(read.statusCode, 404)
    t.equal(read.json().error.message, 'User not found')
    const todos = await app.inject({ method: 'GET', url: '/api/v1/todos', headers: user.headers })
    t.same(todos.json(), { todos: [], total: 0 }, 'the todos are deleted with the user')
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
    t.equal(again.statusCode, 404)

    const reborn = await registerUser(app, { email: user.email })
    t.not(reborn.id, user.id, 'the email can be registered again')
  })

  t.test('403 for another user; an administrator deletes anyone', async (t) => {
    const user = await registerUser(app)
    const other = await registerUser(app)
    const admin = await makeAdmin(app, await registerUser(app))
    const forbidden = await app.inject({ method: 'DELETE', url: `/api/v1/users/${other.id}`, headers: user.headers })
    t.equal(forbidden.statusCode, 403)
    t.equal(forbidden.json().error.message, 'Forbidden user ID')
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${other.id}`, headers: admin.headers })
    t.equal(res.statusCode, 204)
  })
})

t.test('GET /api/v1/users (administrators)', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const admin = await makeAdmin(app, await registerUser(app, { name: 'Admin' }))
  const marker = `zq${Date.now().toString(36)}`
  const names = ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo']
  const members: TestUser[] = []
  for (const name of names) members.push(await registerUser(app, { name: `${name} ${marker}` }))
  await app.repos.users.grantRole(members[0]?.id as number, `auditor-${marker}`)

  const list = (query: string, headers = admin.headers) =>
    app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers })

  t.test('a non-admin is refused', async (t) => {
    const res = await list('', user.headers)
    t.equal(res.statusCode, 403)
    t.match(res.json().error, { code: 'FORBIDDEN', message: 'Insufficient permissions' })
    const badQuery = await list('per_page=0', user.headers)
    t.equal(badQuery.statusCode, 403, 'refused before its query is read')
  })

  t.test('pages through a search with meta and links', async (t) => {
    const res = await list(`search=${marker.toUpperCase()}&per_page=2&page=2&sort=name`)
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.same(
      body.data.map((u: { name: string }) => u.name),
      [`Charlie ${marker}`, `Delta ${marker}`],
    )
    t.match(body.meta, { page: 2, per_page: 2, total: 5, total_pages: 3, request_id: String })
    const links = body.meta.links
    for (const [name, page] of [
      ['self', 2],
      ['first', 1],
      ['last', 3],
      ['next', 3],
      ['prev', 1],
    ] as const) {
      const url = new URL(links[name], 'http://x')
      t.equal(url.pathname, '/api/v1/users', name)
      t.equal(url.searchParams.get('page'), String(page), name)
      t.equal(url.searchParams.get('per_page'), '2', name)
      t.equal(url.searchParams.get('search'), marker.toUpperCase(), name)
    }
    const last = await list(`search=${marker}&per_page=2&page=3`)
    t.equal(last.json().meta.links.next, null)
    t.equal(last.json().data.length, 1)
    const first = await list(`search=${marker}&per_page=2&page=1`)
    t.equal(first.json().meta.links.prev, null)
  })

  t.test('sorts and filters by role', async (t) => {
    const desc = await list(`search=${marker}&sort=name&order=desc`)
    t.same(
      desc.json().data.map((u: { name: string }) => u.name.split(' ')[0]),
      ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha'],
    )
    const byId = await list(`search=${marker}`)
    t.same(
      byId.json().data.map((u: { id: number }) => u.id),
      members.map((m) => m.id),
      'default: by id ascending',
    )
    const auditors = await list(`role=auditor-${marker}`)
    t.same(
      auditors.json().data.map((u: { id: number; roles: string[] }) => [u.id, u.roles]),
      [[members[0]?.id, ['user', `auditor-${marker}`]]],
    )
  })

  t.test('searches are plain substrings, wildcards included', async (t) => {
    const res = await list('search=%25_%25')
    t.equal(res.statusCode, 200)
    t.equal(res.json().meta.total, 0)
  })

  t.test('deleted users are not listed', async (t) => {
    const gone = members[4]
    await app.inject({ method: 'DELETE', url: `/api/v1/users/${gone?.id}`, headers: gone?.headers ?? {} })
    const res = await list(`search=${marker}`)
    t.equal(res.json().meta.total, 4)
  })

  t.test('bad query values are 400 VALIDATION_ERROR', async (t) => {
    for (const [query, field] of [
      ['page=0', 'Page'],
      ['page=abc', 'Page'],
      ['per_page=0', 'PerPage'],
      ['per_page=101', 'PerPage'],
      ['sort=password_hash', 'Sort'],
      ['order=sideways', 'Order'],
    ] as const) {
      const res = await list(query)
      t.equal(res.statusCode, 400, query)
      t.match(res.json().error, { code: 'VALIDATION_ERROR', message: 'Validation failed' }, query)
      t.ok(res.json().error.details[field], `${query}: ${JSON.stringify(res.json().error.details)}`)
    }
    const sort = await list('sort=password_hash')
    t.same(sort.json().error.details, { Sort: 'Sort must be one of id, name, email, created_at, updated_at' })
  })
})
