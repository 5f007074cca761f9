import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import t, { type Test } from 'tap'
import {
  HEY_API_CLIENT_DIR,
  OPENAPI_TYPES_FILE,
  renderOpenApiTypes,
  writeHeyApiClient,
} from '../scripts/generate-openapi.js'
import { ErrorCode, Message, STATUS } from '../src/errors.js'
import { renderOpenApiDocument } from '../src/openapi.js'
import { OPENAPI_FILE } from '../src/paths.js'
import { EXTRA_ROUTES, openApiPath, SPEC_ROUTES } from './client/spec-routes.js'
import { bodyViolations } from './contract.js'
import { build } from './helper.js'

interface Examples {
  examples?: Record<string, { summary?: string; value: unknown }>
}
interface DocumentedOperation {
  description?: string
  requestBody?: { content: Record<string, Examples & { example?: unknown }> }
  responses: Record<string, { description: string; content?: Record<string, Examples> }>
}
interface Document {
  openapi: string
  info: { version: string }
  servers?: { url: string; variables?: unknown }[]
  paths: Record<string, Record<string, DocumentedOperation>>
  components: { schemas: Record<string, Schema> }
}
interface Schema {
  $ref?: string
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  enum?: string[]
}

const rendered = renderOpenApiDocument()

/** Passes when a committed generated file holds exactly `expected`; otherwise says how to regenerate it. */
function assertCommitted(t: Test, file: string, name: string, expected: string) {
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : ''
  if (committed === expected) return t.pass(`${name} is up to date`)
  const lines = { expected: expected.split('\n'), committed: committed.split('\n') }
  const firstDifference = lines.expected.findIndex((line, i) => line !== lines.committed[i]) + 1
  t.fail(
    committed === ''
      ? `${name} is missing: run \`npm run openapi\` and commit it`
      : `${name} is stale (first difference at line ${firstDifference}): run \`npm run openapi\` and commit it`,
  )
}

t.test('openapi/openapi.json is the document the app builds', async (t) => {
  assertCommitted(t, OPENAPI_FILE, 'openapi/openapi.json', await rendered)
})

// With the test above, this ties the typed client to the routes: app → document → types.
t.test('openapi/schema.d.ts holds the types of the committed document', async (t) => {
  const document = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : await rendered
  assertCommitted(t, OPENAPI_TYPES_FILE, 'openapi/schema.d.ts', await renderOpenApiTypes(document))
})

t.test('openapi/hey-api/ is the client @hey-api/openapi-ts generates from the committed document', async (t) => {
  const fresh = t.testdir({})
  await writeHeyApiClient(OPENAPI_FILE, fresh)
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort()
  t.same(files(HEY_API_CLIENT_DIR), files(fresh), 'the same files')
  for (const file of files(fresh))
    assertCommitted(
      t,
      join(HEY_API_CLIENT_DIR, file),
      `openapi/hey-api/${file}`,
      readFileSync(join(fresh, file), 'utf8'),
    )
})

t.test('the document is OpenAPI 3.1 and does not depend on where it was built', async (t) => {
  const document = JSON.parse(await rendered) as Document
  t.equal(document.openapi, '3.1.0')
  t.equal(document.info.version, '1.0.0', 'the default version, not APP_VERSION')
  // A relative `/` made generators join `//api/v1/…`, and a template `{scheme}://{host}` became a base
  // URL no client could reach: generators take the first server's URL as it is written.
  const [server] = document.servers ?? []
  t.equal(server?.url, 'http://127.0.0.1:8080', 'the first server is where the service runs by default')
  t.equal(server?.variables, undefined, 'a URL, not a template')
  t.equal(await renderOpenApiDocument(), await rendered, 'the same text every time')
})

t.test('the document lists every route the app serves, and nothing else', async (t) => {
  const document = JSON.parse(await rendered) as Document
  const app = await build(t)
  const known = [...SPEC_ROUTES, ...EXTRA_ROUTES]
  t.same(
    SPEC_ROUTES.filter(([method, url]) => !app.hasRoute({ method, url })),
    [],
    'the app serves every spec route',
  )
  for (const [method, url] of known.filter(([method, url]) => app.hasRoute({ method, url })))
    t.ok(document.paths[openApiPath(url)]?.[method.toLowerCase()], `${method} ${url} is documented`)

  const operations = new Set(known.map(([method, url]) => `${method.toLowerCase()} ${openApiPath(url)}`))
  for (const [path, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      t.ok(operations.has(`${method} ${path}`), `${method.toUpperCase()} ${path} is a spec route or a listed addition`)
})

t.test('every operation is described; every response has its own description and examples that are true', async (t) => {
  const document = JSON.parse(await rendered) as Document
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`
      t.ok(operation.description, `${name} has a description`)
      const body = operation.requestBody?.content['application/json']
      // One example per body, written once with its schema: the document shows it as the request's.
      if (body) t.ok(body.example ?? body.examples, `${name}: its request body has an example`)
      for (const [status, response] of Object.entries(operation.responses)) {
        t.not(response.description, 'Default Response', `${name} ${status} says what it means`)
        const content = response.content?.['application/json']
        if (!content) continue
        const examples = Object.values(content.examples ?? {})
        t.ok(examples.length > 0, `${name} ${status} has an example`)
        for (const example of examples)
          t.same(
            await bodyViolations(path, method, Number(status), example.value),
            [],
            `${name} ${status}: the example “${example.summary}” keeps the document`,
          )
      }
    }
})

t.test('the contract check names what a body gets wrong, so a pass means something', async (t) => {
  t.same(await bodyViolations('/api/v1/todos', 'get', 200, { todos: [], total: 0 }), [], 'a body that fits')
  t.same(
    await bodyViolations('/api/v1/todos', 'get', 200, { todos: 'not a list', total: 'none' }),
    ['body/todos must be array {"type":"array"}', 'body/total must be integer {"type":"integer"}'],
    'each wrong field, by its path',
  )
})

/** Each error example of the document: its operation, status, and the code and fixed message it sends. */
function errorExamples(document: Document) {
  const found: { name: string; status: number; description: string; code?: string; messages: string[] }[] = []
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue
        for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) {
          // The envelope's `error` is an object; the todo routes' plain `error` is the message itself.
          const { error, message } = example.value as {
            error?: string | { code: string; message: string }
            message?: string
          }
          if (error === undefined) continue // a probe's own body, such as the readiness report
          found.push({
            name: `${method.toUpperCase()} ${path} ${status}, example “${example.summary}”`,
            status: Number(status),
            description: response.description,
            ...(typeof error === 'string'
              ? { messages: [error, ...(message === undefined ? [] : [message])] }
              : { code: error.code, messages: [error.message] }),
          })
        }
      }
  return found
}

t.test('the error codes: the catalogue’s, each with its one status', async (t) => {
  const document = JSON.parse(await rendered) as Document
  const code = document.components.schemas.ErrorEnvelope?.properties?.error?.properties?.code
  t.same(code?.enum, Object.values(ErrorCode), 'the enum lists every code, REQUEST_TIMEOUT included')
  for (const example of errorExamples(document))
    if (example.code !== undefined)
      t.equal(
        STATUS[example.code as ErrorCode],
        example.status,
        `${example.name}: ${example.code} is its status’s code`,
      )
})

/** The failures every route can send, documented once (src/schemas/responses.ts). */
const SHARED_FAILURES = new Set([408, 413, 429, 500, 503])

t.test('the failures every route shares name the fixed messages they send', async (t) => {
  const document = JSON.parse(await rendered) as Document
  const fixed = new Set<string>(Object.values(Message))
  for (const example of errorExamples(document).filter(({ status }) => SHARED_FAILURES.has(status)))
    for (const message of example.messages.filter((message) => fixed.has(message)))
      t.ok(example.description.includes(`\`${message}\``), `${example.name}: the description names \`${message}\``)
})

t.test('a 429 types its details: generated clients read retry_after, limit and window', async (t) => {
  const document = JSON.parse(await rendered) as Document
  const details = document.components.schemas.RateLimitDetails
  t.same(details?.required?.toSorted(), ['limit', 'retry_after', 'window'])
  t.same(
    document.components.schemas.RateLimitedEnvelope?.properties?.error?.properties?.details,
    { $ref: '#/components/schemas/RateLimitDetails' },
    'the 429 envelope refers to them',
  )
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const limited = operation.responses['429'] as { content?: Record<string, { schema: Schema }> } | undefined
      const schema = limited?.content?.['application/json']?.schema
      if (!schema) continue
      const ref = schema.$ref ?? schema.allOf?.[0]?.$ref
      t.ok(
        ref === '#/components/schemas/RateLimitedEnvelope' || ref === '#/components/schemas/TodoRateLimited',
        `${method.toUpperCase()} ${path} 429 is a typed rate-limit answer`,
      )
    }
})

t.test('the metrics route is served but never in the public document', async (t) => {
  const document = JSON.parse(await rendered) as Document
  t.notOk(document.paths['/metrics'], 'docs/contract.md: /metrics is not documented')
  t.notMatch(JSON.stringify(document), /"metrics"/, 'no metrics tag either')
})

t.test('the app serves the committed document at /swagger/json', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/json' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), JSON.parse(await rendered))
})
