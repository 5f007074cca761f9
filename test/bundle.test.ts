import t from 'tap'
import { testBackend } from './backend.js'
import { emptyDatabase, uniqueEmail } from './helper.js'
import { startServer } from './server-process.js'

/**
 * `npm start` runs the esbuild bundle, not the sources the in-process tests load: the setup bundles it
 * afresh for the run (test/setup.ts), and this walks it through everything that reaches outside the
 * bundle (the driver chunks and migrations, the bcrypt worker file, the embedded database's template,
 * Swagger UI's assets) on the database of this run.
 */
t.test('the bundle npm start runs serves the API', async (t) => {
  // On PostgreSQL an empty database, which the server migrates at start with the bundled migrator. On
  // PGlite the default data directory in the server's empty working directory: a first start as a new
  // user meets it, filled from the build's template by the copy's worker.
  const env: Record<string, string> = testBackend() === 'postgres' ? { DATABASE_URL: (await emptyDatabase(t)).url } : {}
  const server = await startServer(t, env)
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const res = await fetch(`${server.url}${path}`, { ...init, headers })
    const text = await res.text()
    return { status: res.status, type: res.headers.get('content-type') ?? '', text }
  }
  const json = <T>(text: string) => JSON.parse(text) as T

  t.equal((await call('/health/ready')).status, 200, 'ready')

  const email = uniqueEmail('bundle')
  const registered = await call('/api/v1/auth/register', {
    method: 'POST',
    body: JSON.stringify({ name: 'Bundle User', email, password: 'bundled-secret' }),
  })
  t.equal(registered.status, 200, 'registers: the password hashed in the bundled worker')
  const login = await call('/api/v1/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'bundled-secret' }),
  })
  t.equal(login.status, 200, 'logs in')
  const tokens = json<{ data: { access_token: string; refresh_token: string } }>(login.text).data

  const created = await call('/api/v1/todos', {
    method: 'POST',
    token: tokens.access_token,
    body: JSON.stringify({ title: 'ship the bundle' }),
  })
  t.equal(created.status, 201, 'creates a todo')
  const list = await call('/api/v1/todos', { token: tokens.access_token })
  t.match(json(list.text), { todos: [{ title: 'ship the bundle' }], total: 1 }, 'lists it')

  const refreshed = await call('/api/v1/auth/refresh', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: tokens.refresh_token }),
  })
  t.equal(refreshed.status, 200, 'rotates the refresh token')

  const document = await call('/swagger/json')
  t.match(json(document.text), { openapi: '3.1.0' }, 'serves the OpenAPI document')
  const asset = await call('/swagger/static/swagger-ui-bundle.js')
  t.equal(asset.status, 200, 'serves Swagger UI assets from their package')
  t.equal((await call('/metrics')).status, 404, 'no metrics on the API port')
  const metricsUrl = server.logs.find((line) => String(line.msg).startsWith('Metrics listening at'))?.url
  t.type(metricsUrl, 'string', 'the metrics listener says where it listens')
  const metrics = await (await fetch(`${metricsUrl}/metrics`)).text()
  t.match(metrics, /auth_logins_total\{result="success"\} 1/, 'counts the login on the metrics listener')

  server.child.kill('SIGTERM')
  t.equal((await server.exited).code, 0, 'stops cleanly')
})
