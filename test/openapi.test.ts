import { existsSync, readFileSync } from 'node:fs'
import t from 'tap'
import { renderOpenApiDocument } from '../src/openapi.js'
import { OPENAPI_FILE } from '../src/paths.js'
import { build } from './helper.js'

/** Every endpoint of the spec, as Fastify writes its path. */
const SPEC_ROUTES = [
  ['POST', '/api/v1/auth/register'],
  ['POST', '/api/v1/auth/login'],
  ['POST', '/api/v1/auth/refresh'],
  ['POST', '/api/v1/auth/logout'],
  ['GET', '/api/v1/users/:id'],
  ['PUT', '/api/v1/users/:id'],
  ['DELETE', '/api/v1/users/:id'],
  ['GET', '/api/v1/users'],
  ['POST', '/api/v1/todos'],
  ['GET', '/api/v1/todos'],
  ['GET', '/api/v1/todos/:id'],
  ['PUT', '/api/v1/todos/:id'],
  ['DELETE', '/api/v1/todos/:id'],
  ['GET', '/health'],
  ['GET', '/health/live'],
  ['GET', '/health/ready'],
] as const

/** `/api/v1/users/:id` → `/api/v1/users/{id}`, as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

interface Document {
  openapi: string
  info: { version: string }
  servers?: { url: string }[]
  paths: Record<string, Record<string, unknown>>
}

const rendered = renderOpenApiDocument()

t.test('openapi/openapi.json is the document the app builds', async (t) => {
  const expected = await rendered
  const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : ''
  if (committed === expected) return t.pass('openapi/openapi.json is up to date')
  const lines = { expected: expected.split('\n'), committed: committed.split('\n') }
  const firstDifference = lines.expected.findIndex((line, i) => line !== lines.committed[i]) + 1
  t.fail(
    committed === ''
      ? 'openapi/openapi.json is missing: run `npm run openapi` and commit it'
      : `openapi/openapi.json is stale (first difference at line ${firstDifference}): run \`npm run openapi\` and commit it`,
  )
})

t.test('the document is OpenAPI 3.1 and does not depend on where it was built', async (t) => {
  const document = JSON.parse(await rendered) as Document
  t.equal(document.openapi, '3.1.0')
  t.equal(document.info.version, '1.0.0', 'the default version, not APP_VERSION')
  for (const server of document.servers ?? []) t.match(server.url, /^\//, `server ${server.url} names no host`)
  t.equal(await renderOpenApiDocument(), await rendered, 'the same text every time')
})

t.test('the document lists every spec route the app serves, and nothing else', async (t) => {
  const document = JSON.parse(await rendered) as Document
  const app = await build(t)
  const served = SPEC_ROUTES.filter(([method, url]) => app.hasRoute({ method, url }))
  t.ok(served.length >= 3, 'the app serves spec routes')
  for (const [method, url] of served)
    t.ok(document.paths[openApiPath(url)]?.[method.toLowerCase()], `${method} ${url} is documented`)

  const specOperations = new Set(SPEC_ROUTES.map(([method, url]) => `${method.toLowerCase()} ${openApiPath(url)}`))
  for (const [path, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      t.ok(specOperations.has(`${method} ${path}`), `${method.toUpperCase()} ${path} is a spec route`)
})

t.test('the app serves the committed document at /swagger/json', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/json' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), JSON.parse(await rendered))
})
