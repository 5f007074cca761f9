import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { AnySchema, Options, ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { type Document, OpenAPIBackend, type Operation, SetMatchType } from 'openapi-backend'
import type { Test } from 'tap'
import { compileOnce } from '../src/compile-once.js'
import { OPENAPI_FILE } from '../src/paths.js'
import { TEST_BUILD, writeWhole } from './backend.js'
import { openApiPath } from './client/spec-routes.js'

/**
 * The contract test: every response an app built by the test helper sends, through inject() or a real
 * socket, is checked against the committed openapi/openapi.json by openapi-backend, a validator nobody
 * here wrote: its status must be documented for the operation, its headers must match the declared
 * ones (required ones present, none sent that is not declared), and its body the documented schema;
 * an answer without a body carries no header of one. A violation fails the test that built the app,
 * naming the request.
 */

type Responses = Record<string, { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }>

/**
 * openapi-backend in quick mode, given the document as an object, dereferences it in init() and starts
 * loadDocument() beside that without waiting for it: a parse of the whole document (about 55 ms of CPU
 * in every test file) whose result only its document check, off in quick mode, reads. Left out.
 */
class QuickBackend extends OpenAPIBackend {
  override async loadDocument(): Promise<Document> {
    this.document = this.inputDocument as Document
    return this.document
  }
}

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Document
const api = new QuickBackend({
  definition: document,
  // Quick: validators compile on first use, and the document itself is not checked here: its own
  // checker knows OpenAPI 3.0 only (Redocly and Spectral lint the 3.1 document in `npm run openapi:lint`).
  quick: true,
  strict: true,
  validate: true,
  // OpenAPI 3.1 schemas are JSON Schema 2020-12.
  customizeAjv: (_draft7, options, context) => compilerFor({ context, options }),
})

/**
 * One Ajv per kind of check, compiling each distinct schema once. openapi-backend asks for a new
 * instance for each operation it meets, and hands it a fresh copy of the same few shared schemas (the
 * envelope, the error) for every status: compiled afresh each time, they were most of what the
 * contract check cost a test file.
 */
const compilerFor = compileOnce(({ options }: { context: string; options: Options }) => {
  const settings: Options = { ...options, strict: false, allErrors: true, code: { source: true } }
  const ajv = new Ajv2020(settings)
  addFormats.default(ajv)
  ajv.compile = compiledOnUse(compileOnce(compiledOnDisk(ajv, settings))) as typeof ajv.compile
  return ajv
})

const CACHE = join(TEST_BUILD, 'contract')
const load = createRequire(import.meta.url)
const AJV_VERSION = (load('ajv/package.json') as { version: string }).version

/**
 * Compiles through a cache on disk that every test process shares: each validator as the code Ajv
 * writes for it to run without Ajv (its standalone code), in a file named by the schema, the settings
 * and Ajv's version. Compiling was most of what the check cost a test file; loading the code costs a
 * small part of it.
 */
function compiledOnDisk(ajv: Ajv2020, settings: Options): (schema: AnySchema) => ValidateFunction {
  mkdirSync(CACHE, { recursive: true })
  const made = `${AJV_VERSION} ${JSON.stringify(settings)}`
  const compile = ajv.compile.bind(ajv)
  return (schema) => {
    const key = createHash('sha256').update(made).update(JSON.stringify(schema)).digest('hex').slice(0, 32)
    const file = join(CACHE, `${key}.cjs`)
    if (existsSync(file)) return load(file) as ValidateFunction
    const validate = compile(schema)
    writeWhole(file, standaloneCode.default(ajv, validate))
    return validate
  }
}

/**
 * A validator compiled when it is first called. For each operation it meets, openapi-backend compiles
 * a body validator for every documented status and four header validators for each (one per way of
 * matching a set of headers); a test file meets a few of the statuses, and this check uses one of the
 * ways, so most of what it compiled was never called.
 */
function compiledOnUse(compile: (schema: AnySchema) => ValidateFunction): (schema: AnySchema) => ValidateFunction {
  return (schema) => {
    let compiled: ValidateFunction | undefined
    const validate = ((data: unknown) => {
      compiled ??= compile(schema)
      const valid = compiled(data)
      validate.errors = compiled.errors
      return valid
    }) as ValidateFunction
    return validate
  }
}

const ready = api.init()

/**
 * The headers an answer may carry without its operation declaring them: HTTP's own framing, CORS's
 * answers to a browser's cross-origin request, and what every answer tells a browser
 * (plugins/security-headers.ts). Every other header the service sends is part of the contract.
 */
const UNDECLARED = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
])

/** RFC 9110 §8.6, §15.3.5, §15.4.5: statuses that send no body, and so none of a body's headers. */
const NO_BODY = new Set([204, 304])
const BODY_HEADERS = ['content-type', 'content-length']

/** The documented operation a route answered for, or undefined for what the document leaves out. */
function operationOf(method: string, route: string | undefined): Operation | undefined {
  if (route === undefined) return undefined
  const item = document.paths?.[openApiPath(route)] as Record<string, Operation> | undefined
  return item?.[method.toLowerCase()]
}

/** What is wrong with a body (an example's value, say) for an operation's status; empty when it fits. */
export async function bodyViolations(path: string, method: string, status: number, body: unknown): Promise<string[]> {
  await ready
  const operation = (document.paths?.[path] as Record<string, Operation> | undefined)?.[method]
  if (!operation) return [`${method.toUpperCase()} ${path} is not in the document`]
  const check = api.validator.validateResponse(body, operation, status)
  return (check.errors ?? []).map(
    (error) => `body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
  )
}

/** What is wrong with one response, by the document; empty when it keeps the contract. */
export function violations(
  operation: Operation,
  status: number,
  headers: Record<string, unknown>,
  payload: string,
): string[] {
  const responses = operation.responses as Responses
  const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
  if (!documented) return [`status ${status} is not documented`]
  // openapi-backend checks the values of the headers sent (its Superset mode would demand every
  // documented header, ignoring `required`), so required ones are checked here as OpenAPI defines them.
  const found = Object.entries(documented.headers ?? {})
    .filter(([name, header]) => header.required === true && headers[name.toLowerCase()] === undefined)
    .map(([name]) => `the required header ${name} is missing`)
  const declared = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()))
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !declared.has(name) && !UNDECLARED.has(name))
      found.push(`the header ${name} is sent but not declared`)
  const headerCheck = api.validator.validateResponseHeaders(headers, operation, {
    statusCode: status,
    setMatchType: SetMatchType.Any,
  })
  for (const error of headerCheck.errors ?? []) found.push(`headers${error.instancePath} ${error.message}`)

  if (!documented.content) {
    if (payload !== '') found.push(`a body where none is documented: ${payload.slice(0, 200)}`)
    return found
  }
  const type = String(headers['content-type'] ?? '')
  if (!type.startsWith('application/json')) return [...found, `content type ${type || 'none'}, not application/json`]
  let body: unknown
  try {
    body = JSON.parse(payload)
  } catch {
    return [...found, `a body that is not JSON: ${payload.slice(0, 200)}`]
  }
  const bodyCheck = api.validator.validateResponse(body, operation, status)
  for (const error of bodyCheck.errors ?? [])
    found.push(`body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)
  return found
}

/**
 * Checks every response of the app from now on (call before ready). Violations fail `t`, or, when `t`
 * has already ended (a response after its end), the file's root test through `fallback`.
 */
export async function enforceContract(app: FastifyInstance, t: Test) {
  await ready
  app.addHook('onSend', (request, reply, payload, done) => {
    const operation = operationOf(request.method, request.routeOptions.url)
    if (operation && (typeof payload === 'string' || payload === null || payload === undefined)) {
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
      )
      // Fastify drops the serialised `null` of a 204 or 304 after this hook: HTTP sends no body there.
      const sent = reply.statusCode === 204 || reply.statusCode === 304 ? '' : (payload ?? '')
      const found = violations(operation, reply.statusCode, headers, sent)
      if (found.length > 0)
        t.fail(`contract: ${request.method} ${request.url} answered ${reply.statusCode} against openapi/openapi.json`, {
          violations: found,
          operation: operation.operationId,
        })
    }
    done(null, payload)
  })
  // What went on the wire: Fastify drops a body after onSend, but not the headers that described it.
  app.addHook('onResponse', (request, reply, done) => {
    if (NO_BODY.has(reply.statusCode) && operationOf(request.method, request.routeOptions.url)) {
      const sent = reply.raw.getHeaders()
      const found = BODY_HEADERS.filter((name) => sent[name] !== undefined).map(
        (name) => `${name} ${String(sent[name])} sent with a ${reply.statusCode}, which has no body`,
      )
      if (found.length > 0)
        t.fail(`contract: ${request.method} ${request.url} answered ${reply.statusCode} against RFC 9110`, {
          violations: found,
        })
    }
    done()
  })
}
