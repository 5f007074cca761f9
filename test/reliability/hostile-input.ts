/**
 * Hostile input, generated: property-based tests send wrong types, huge and deep JSON, unicode and
 * control characters, prototype-pollution keys, SQL fragments, overlong strings and bytes that are not
 * UTF-8, as bodies, headers, path ids and query strings, to every route. Every answer must be a
 * documented 4xx or a success, in the documented shape, never a 5xx; and a rejected request must leave
 * the stored records as they were.
 *
 * FUZZ_RUNS sets how many requests the properties generate in all: 2,000 by default, every one of
 * them whatever the machine's speed, from a new seed each run; CI runs 6,000 (`.ci/run`), and a soak
 * more (`FUZZ_RUNS=100000 npm run test:postgres -- test/reliability/hostile-input-*.test.ts`). The
 * properties are dealt to three test files (hostile-input-{1,2,3}.test.ts), each a process with its own
 * app and database, so the fuzzing runs on as many cores as the suite has rather than as one long file.
 * FUZZ_FILES=1 deals them all to the first file (the PGlite lane's, test/pglite.taprc, whose few
 * requests would not pay for two more processes).
 * FUZZ_SEED replays a run: a failure prints its seed and path.
 */
import { isDeepStrictEqual } from 'node:util'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { todos, users } from '../../src/db/schema.js'
import { STATUS } from '../../src/errors.js'
import {
  build,
  createTodo,
  fileDatabase,
  forgeToken,
  ISO,
  makeAdmin,
  refresh,
  registerUser,
  TEST_SECRET,
  type TestUser,
} from '../helper.js'

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 2_000)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)

const DOCUMENTED_4XX = new Set([400, 401, 403, 404, 409, 413])
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const VICTIM_PASSWORD = 'victim password 0123'

/** Which shape a route answers in: the envelope, the todo routes' plain bodies, the probes, the docs. */
type Kind = 'envelope' | 'todo' | 'health' | 'docs'

interface Case {
  options: InjectOptions & { method: string; url: string }
  /** A stricter expectation than "documented": the only statuses the case may get. */
  statuses?: number[]
  /** The request must not succeed (evaluated after the answer). */
  refused?: () => boolean
  /** Records what an accepted request created, for later cases to know. */
  accepted?: () => void
}

// ---------------------------------------------------------------------------------------------
// Setup: a victim whose records must survive everything, an attacker, an administrator.

const app = await build(t)
const victim = await registerUser(app, { name: 'Victim User', password: VICTIM_PASSWORD })
const attacker = await registerUser(app, { name: 'Attacker User' })
const admin = await makeAdmin(app, await registerUser(app, { name: 'Admin User' }))
const victimTodo: { id: number } = await createTodo(app, victim, { title: 'victim todo', description: 'kept' })
const attackerTodo: { id: number } = await createTodo(app, attacker, { title: 'attacker todo', description: 'kept' })

interface VictimState {
  user: unknown
  todo: unknown
}

const { db } = await fileDatabase()

/**
 * The victim's stored rows, read straight from the tables: every column counts (the password hash
 * too), and on the embedded database two queries cost a fraction of two requests through the API.
 */
async function victimState(): Promise<VictimState> {
  const [user] = await db.select().from(users).where(eq(users.id, victim.id))
  const [todo] = await db.select().from(todos).where(eq(todos.id, victimTodo.id))
  if (!user || !todo) throw new Error('victim records gone')
  return { user, todo }
}

/** The victim's records as they must be: changed only by the victim's own accepted requests. */
let expected = await victimState()

// ---------------------------------------------------------------------------------------------
// What every answer must look like.

function kindOf(method: string, url: string): Kind {
  // Resolved as the request injector resolves it: dot segments collapse before routing.
  const path = new URL(url, 'http://localhost').pathname
  if (path === '/api/v1/todos' && ['GET', 'HEAD', 'POST'].includes(method)) return 'todo'
  if (/^\/api\/v1\/todos\/[^/]*$/.test(path) && ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method))
    return routable(path.slice('/api/v1/todos/'.length)) ? 'todo' : 'envelope'
  if (['/health', '/health/live', '/health/ready'].includes(path) && ['GET', 'HEAD'].includes(method)) return 'health'
  if (path.startsWith('/swagger')) return 'docs'
  return 'envelope'
}

/**
 * Whether a path segment can reach its route: one that is no valid percent-encoding or longer than
 * the router's 100 characters is refused before any route (and its plain error shape) is known.
 */
function routable(segment: string): boolean {
  try {
    return decodeURIComponent(segment).length <= 100
  } catch {
    return false
  }
}

function headerValue(headers: InjectOptions['headers'], name: string): unknown {
  return (headers as Record<string, unknown> | undefined)?.[name]
}

/** Why the answer breaks the contract, or undefined when it keeps it. */
function problemWith(c: Case, res: LightMyRequestResponse): string | undefined {
  const { method, url } = c.options
  const status = res.statusCode
  if (status >= 500) return `server error ${status}`
  if (c.statuses && !c.statuses.includes(status)) return `expected ${c.statuses.join(' or ')}, got ${status}`
  if (status < 400 && c.refused?.()) return `accepted (${status}) what must be refused`

  const id = res.headers['x-request-id']
  const sent = headerValue(c.options.headers, 'x-request-id')
  if (typeof id !== 'string') return 'no X-Request-ID'
  if (typeof sent === 'string' && CALLER_REQUEST_ID.test(sent) ? id !== sent : !UUID.test(id))
    return `X-Request-ID ${JSON.stringify(id)} for a caller's ${JSON.stringify(sent)}`

  const kind = kindOf(method, url)
  if (status >= 400 && !DOCUMENTED_4XX.has(status)) return `undocumented status ${status}`
  if (status >= 300 && status < 400) return kind === 'docs' && status === 302 ? undefined : `redirect ${status}`
  if (method === 'HEAD') return res.body === '' ? undefined : 'HEAD answered with a body'
  if (status === 204) return res.body === '' ? undefined : '204 with a body'
  if (kind === 'docs' && status < 400) return undefined

  let body: unknown
  try {
    body = res.json()
  } catch {
    return `not JSON (${res.headers['content-type']})`
  }
  if (status >= 400) return kind === 'todo' ? plainErrorProblem(body) : envelopeErrorProblem(body, status, id)
  switch (kind) {
    case 'envelope':
      return isObject(body) && body.success === true && 'data' in body && !('error' in body)
        ? undefined
        : 'success without the envelope'
    case 'todo':
      return isObject(body) && (typeof body.id === 'number' || Array.isArray(body.todos)) && !('success' in body)
        ? undefined
        : 'todo success in another shape'
    case 'health':
      return isObject(body) && ['healthy', 'degraded'].includes(String(body.status)) ? undefined : 'health shape'
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function plainErrorProblem(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.error !== 'string' || body.error === '') return 'todo error without { error }'
  return Object.keys(body).length === 1 ? undefined : 'todo error with more than { error }'
}

function envelopeErrorProblem(body: unknown, status: number, requestId: string): string | undefined {
  if (!isObject(body) || body.success !== false || 'data' in body || !isObject(body.error))
    return 'error outside the envelope'
  const { code, message, timestamp, path, request_id } = body.error
  if (typeof code !== 'string' || !Object.hasOwn(STATUS, code)) return `unknown error code ${String(code)}`
  if (STATUS[code as keyof typeof STATUS] !== status) return `code ${code} with status ${status}`
  if (typeof message !== 'string' || message === '') return 'error without a message'
  if (typeof timestamp !== 'string' || !ISO.test(timestamp)) return 'error timestamp'
  if (typeof path !== 'string' || !path.startsWith('/')) return 'error path'
  if (request_id !== requestId) return 'error request_id differs from X-Request-ID'
  return undefined
}

function describeCase(c: Case): string {
  const { method, url, payload, headers } = c.options
  const sent =
    payload === undefined ? '' : ` payload(${Buffer.byteLength(payload as string | Buffer)}B)=${preview(payload)}`
  return `${method} ${preview(url)} headers=${preview(JSON.stringify(headers ?? {}))}${sent}`
}

function summary(c: Case, res: LightMyRequestResponse): string {
  return `${describeCase(c)} → ${res.statusCode} ${preview(res.body)}`
}

function preview(value: unknown): string {
  const text = Buffer.isBuffer(value) ? `hex:${value.toString('hex')}` : String(value)
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text)
}

// ---------------------------------------------------------------------------------------------
// Generators.

// biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, not a template
const JNDI = '${jndi:ldap://x}'
const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 OR 1=1',
  '1; SELECT pg_sleep(5)--',
  "' UNION SELECT password_hash FROM users--",
  "admin'--",
  ') OR (1=1',
  '%',
  '_',
  '%_%',
  '\\',
  '$1',
  "\\'; --",
]
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'valueOf',
]
const ODD = [
  '',
  ' ',
  '\t\n\r',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '[]',
  '{}',
  '\u200b',
  '\ufeff',
  '\u202e',
  'ＡＢＣ',
  'İı',
  'ß',
  '😀',
  '𝄞',
  'a\u0301',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  JNDI,
  '{{7*7}}',
]
/** Halves of surrogate pairs: valid in a JavaScript string and in JSON escapes, not in UTF-8. */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b']

const overlong = fc
  .tuple(fc.constantFrom('a', 'é', '𝄞', ' ', '\u0301', '%'), fc.constantFrom(73, 101, 256, 1001, 4000, 20_000))
  .map(([unit, count]) => unit.repeat(count))

/**
 * Any code point, lone surrogates included: fast-check's own `unit: 'binary'` draws the same, but first
 * maps every one of the 1.1 million code points back to its index (0.7 s of CPU in each fuzzing process),
 * to find its list of dangerous strings among them; PROTO_KEYS and SQL below are ours.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point))

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 15 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SQL, ...ODD, ...PROTO_KEYS, ...LONE_SURROGATES) },
  { weight: 1, arbitrary: overlong },
)

const scalar = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, 2 ** 31, 2 ** 53 + 1, -1, 0),
)

/** Any value for a field: mostly plausible, often of the wrong type or shape. */
function fieldValue(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 3, arbitrary: text },
    { weight: 2, arbitrary: scalar },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(plausible, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'a'), plausible, { maxKeys: 2 }) },
  )
}

const EXTRA_KEYS = ['roles', 'id', 'user_id', 'password_hash', 'is_admin', 'admin', 'deleted_at', 'created_at', 'email']

/**
 * A JSON body text for a route taking `fields`: mostly an object with those fields (each optional,
 * plausible or hostile) plus extra keys, prototype-pollution keys among them, as own JSON keys; else
 * any JSON value, deep nesting, a body around the size limit, or text that is not quite JSON.
 */
function jsonBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const known = fc.record(
    Object.fromEntries(Object.entries(fields).map(([name, plausible]) => [name, fieldValue(plausible)])),
    { requiredKeys: [] },
  )
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS, ...EXTRA_KEYS), text), fieldValue(text)), {
    maxLength: 3,
  })
  const object = fc
    .tuple(known, extra)
    .map(([fields, more]) => JSON.stringify(Object.fromEntries([...Object.entries(fields), ...more])))
  return fc.oneof(
    { weight: 12, arbitrary: object },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: nearLimit(Object.keys(fields)) },
    { weight: 1, arbitrary: almostJson },
  )
}

/** Nesting thousands deep, closed or cut off, with prototype keys at every level or not. */
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 9000 }), fc.constantFrom('array', 'object', 'proto'), fc.boolean())
  .map(([depth, shape, closed]) => {
    const [open, close] = shape === 'array' ? ['[', ']'] : shape === 'object' ? ['{"a":', '}'] : ['{"__proto__":', '}']
    return `${open.repeat(depth)}1${closed ? close.repeat(depth) : ''}`
  })

/** Bodies just under, at and over the 64 KiB limit. */
const nearLimit = (fields: string[]) =>
  fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(60_000, 65_500, 65_536, 65_537, 70_000, 300_000))
    .map(([field, size]) => {
      const shell = JSON.stringify({ [field]: '' })
      return JSON.stringify({ [field]: 'x'.repeat(Math.max(0, size - shell.length)) })
    })

const almostJson = fc.constantFrom(
  '',
  ' ',
  'null',
  '{',
  '{"a":}',
  '[1,]',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '\ufeff{}',
  'NaN',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  '"just a string"',
  '123',
  '{"title":"\\ud800"}',
  '{"name":"\\udfff\\ud800"}',
)

/** Bytes that are not (all) UTF-8, alone or inside otherwise valid JSON. */
const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(fc.constantFrom('title', 'name', 'email', 'password', 'refresh_token'), fc.uint8Array({ maxLength: 24 }))
    .map(([field, bytes]) =>
      Buffer.concat([
        Buffer.from(`{"${field}":"`),
        Buffer.from(bytes.filter((byte) => byte !== 0x22 && byte !== 0x5c)),
        Buffer.from('"}'),
      ]),
    ),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    Buffer.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]),
    Buffer.from('{"title":"\xc0\xaf"}', 'latin1'),
    Buffer.from('{"title":"\xed\xa0\x80"}', 'latin1'),
    Buffer.from('{"title":"\xf8\x88\x80\x80\x80"}', 'latin1'),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  ),
)

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  ';',
  'application/json; charset="utf-8"; boundary=',
]

/** A path segment that has to stand for an id. `ids` are real ids, written in every odd way. */
function idSegment(ids: number[]): fc.Arbitrary<string> {
  const variants = fc
    .constantFrom(...ids)
    .chain((id) =>
      fc.constantFrom(
        `${id}`,
        `0${id}`,
        `${id}.0`,
        `${id}.5`,
        `${id}e0`,
        `+${id}`,
        ` ${id}`,
        `${id} `,
        `${id}abc`,
        `-${id}`,
        `0x${id.toString(16)}`,
        `${id},${id}`,
        `[${id}]`,
        `${id}/`,
        `${id}?`,
        `${id}#`,
      ),
    )
  const odd = fc.constantFrom(
    '0',
    '-0',
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '1e400',
    'Infinity',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '..',
    '.',
    "1' OR '1'='1",
    '1;DROP TABLE todos',
    '1 OR 1=1',
  )
  const segment = fc
    .oneof({ weight: 4, arbitrary: variants }, { weight: 2, arbitrary: odd }, { weight: 3, arbitrary: text })
    .map(encodeSegment)
  const malformed = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0', '%ED%A0%80', 'a'.repeat(101), '%41'.repeat(120))
  return fc.oneof({ weight: 9, arbitrary: segment }, { weight: 1, arbitrary: malformed })
}

/** encodeURIComponent, with halves of surrogate pairs (which it refuses) made whole first. */
function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  )
}

/** A query string built from the route's keys and hostile ones, values hostile or nearly valid. */
function queryString(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS, 'constructor[prototype][admin]', '__proto__[admin]') },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((name) => `${name}[]`) },
    { weight: 1, arbitrary: text },
  )
  const value = fc.oneof(
    { weight: 3, arbitrary: text },
    { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        '1',
        '0',
        '-1',
        '1.5',
        '1e3',
        '100',
        '101',
        '2147483648',
        '99999999999999999999',
        'asc',
        'desc',
        'ASC',
        'id',
        'name',
        'email',
        'created_at',
        'password_hash',
        'admin',
        'user',
        'id;DROP TABLE users',
        'id DESC, (SELECT 1)',
      ),
    },
  )
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((list) => list.map(([name, val]) => `${encodeSegment(name)}=${encodeSegment(val)}`).join('&'))
  const raw = fc.constantFrom('&&', '=', 'a', '%', 'a=%zz', '=%', `${'x'.repeat(5000)}=1`, 'page=1&page=2', 'a=1;b=2')
  return fc.oneof({ weight: 9, arbitrary: pairs }, { weight: 1, arbitrary: raw }).map((query) => `?${query}`)
}

/** Text a real HTTP header could carry (visible ASCII, spaces, tabs, obs-text). */
const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('\t', ' ', 'é', 'ÿ', '"', ',', ';', '='), maxLength: 10 }),
  fc.constantFrom('x'.repeat(4000), '..', '%00', JNDI, "' OR '1'='1"),
)

const now = Math.floor(Date.now() / 1000)
const victimClaims = {
  user_id: victim.id,
  sub: String(victim.id),
  email: victim.email,
  name: victim.name,
  roles: ['user', 'admin'],
  jti: 'forged',
  iat: now,
  exp: now + 900,
}
const [victimHeader, , victimSignature] = victim.accessToken.split('.')
const FORGED_TOKENS = [
  forgeToken({ alg: 'HS256', typ: 'JWT' }, victimClaims, 'another-secret-0123456789abcdef0123456789abcdef'),
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(victimClaims)).toString('base64url')}.`,
  `${victimHeader}.${Buffer.from(JSON.stringify(victimClaims)).toString('base64url')}.${victimSignature}`,
  forgeToken({ alg: 'HS256', typ: 'JWT' }, { ...victimClaims, iat: now - 7200, exp: now - 3600 }, TEST_SECRET),
  forgeToken({ alg: 'HS512', typ: 'JWT' }, victimClaims, TEST_SECRET),
  victim.accessToken.slice(0, -2),
  `${victim.accessToken}x`,
  victim.accessToken.split('.').slice(0, 2).join('.'),
  victim.refreshToken,
]

/** Authorization header values that must never authenticate. */
const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(...FORGED_TOKENS)
    .chain((token) =>
      fc.constantFrom(`Bearer ${token}`, `bearer ${token}`, `Basic ${token}`, token, `Bearer  ${token} extra`),
    ),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer  ', 'Basic dXNlcjpwYXNz', 'Bearer null', 'Bearer undefined'),
  headerText.map((value) => `Bearer ${value}`),
  headerText,
)

const tokenOf = (user: TestUser) => user.headers.authorization

// ---------------------------------------------------------------------------------------------
// The properties.

interface Property {
  name: string
  /** Share of the runs. */
  weight: number
  cases: fc.Arbitrary<Case>
}

const requestIdHeader = fc.option(fc.oneof(headerText, fc.constantFrom('req-1', 'a'.repeat(128), 'a'.repeat(129))), {
  nil: undefined,
})

function jsonRequest(method: string, url: string, body: string, authorization?: string, requestId?: string): Case {
  return {
    options: {
      method,
      url,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
        ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
      },
    },
  }
}

/** Email and password of every account the register property created, as login would match them. */
const registered = new Set<string>()

function credentialsOf(body: string): string {
  try {
    const { email, password } = JSON.parse(body) as { email?: unknown; password?: unknown }
    return JSON.stringify([String(email).trim().toLowerCase(), password])
  } catch {
    return ''
  }
}

const email = fc.oneof(
  fc.emailAddress(),
  text.map((local) => `${local}@example.com`),
  fc.constantFrom(victim.email, victim.email.toUpperCase(), ` ${victim.email} `, attacker.email),
  fc.uuid().map((id) => `fuzz-${id}@example.com`),
)
const name = fc.oneof(text, fc.string({ minLength: 2, maxLength: 100, unit: 'grapheme' }))
const password = fc.oneof(
  text,
  fc.string({ minLength: 6, maxLength: 72 }),
  fc.constantFrom(VICTIM_PASSWORD.toUpperCase(), `${VICTIM_PASSWORD} `),
)

const properties: Property[] = [
  {
    name: 'register: hostile bodies',
    weight: 12,
    cases: fc.tuple(jsonBody({ name, email, password }), requestIdHeader).map(([body, id]) => ({
      ...jsonRequest('POST', '/api/v1/auth/register', body, undefined, id),
      accepted: () => registered.add(credentialsOf(body)),
    })),
  },
  {
    name: 'login: hostile bodies never log anyone in without the password',
    weight: 12,
    // Only accounts the register property created, with their exact password, may log in.
    cases: jsonBody({ email, password }).map((body) => ({
      ...jsonRequest('POST', '/api/v1/auth/login', body),
      refused: () => !registered.has(credentialsOf(body)),
    })),
  },
  {
    name: 'refresh: hostile tokens never rotate',
    weight: 8,
    cases: jsonBody({
      refresh_token: fc.oneof(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.constantFrom(
          ...FORGED_TOKENS.filter((token) => token !== victim.refreshToken),
          victim.refreshToken.toUpperCase(),
          `${victim.refreshToken} `,
          victim.refreshToken.slice(1),
        ),
      ),
    }).map((body) => ({ ...jsonRequest('POST', '/api/v1/auth/refresh', body), refused: () => true })),
  },
  {
    name: 'logout: hostile credentials and bodies',
    weight: 6,
    cases: fc
      .tuple(
        fc.oneof(badAuthorization, fc.constant(tokenOf(attacker))),
        fc.oneof(jsonBody({ refresh_token: text }), text),
      )
      .map(([authorization, body]) => ({
        ...jsonRequest('POST', '/api/v1/auth/logout', body, authorization),
        // A valid caller may still send a body over the limit.
        statuses: authorization === tokenOf(attacker) ? [200, 413] : [401],
      })),
  },
  {
    name: 'users: hostile ids, bodies and callers',
    weight: 14,
    cases: fc
      .tuple(
        fc.constantFrom('GET', 'PUT', 'DELETE'),
        idSegment([victim.id, attacker.id, admin.id]),
        fc.constantFrom('victim', 'attacker'),
        jsonBody({ name, email }),
      )
      .map(([method, id, caller, body]): Case => {
        // The victim never sends DELETE: deleting itself would be an accepted request.
        const authorization = tokenOf(method === 'DELETE' || caller === 'attacker' ? attacker : victim)
        const url = `/api/v1/users/${id}`
        if (method === 'PUT') return jsonRequest(method, url, body, authorization)
        return { options: { method, url, headers: { authorization } } }
      }),
  },
  {
    name: 'users list: hostile query strings',
    weight: 8,
    cases: fc
      .tuple(queryString(['page', 'per_page', 'search', 'role', 'sort', 'order']), fc.boolean())
      .map(([query, asAdmin]) => ({
        options: {
          method: 'GET',
          url: `/api/v1/users${query}`,
          headers: { authorization: tokenOf(asAdmin ? admin : attacker) },
        },
      })),
  },
  {
    name: 'todos: hostile bodies on create and update',
    weight: 14,
    cases: fc
      .tuple(
        fc.constantFrom('POST', 'PUT'),
        fc.constantFrom('victim', 'attacker'),
        fc.constantFrom('victim', 'attacker'),
        jsonBody({
          title: fc.oneof(text, fc.string({ minLength: 1, maxLength: 255 })),
          description: fc.oneof(text, fc.string({ maxLength: 1000 })),
          completed: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, null)),
        }),
      )
      .map(([method, caller, owner, body]): Case => {
        const todo = owner === 'victim' ? victimTodo : attackerTodo
        const url = method === 'POST' ? '/api/v1/todos' : `/api/v1/todos/${todo.id}`
        return jsonRequest(method, url, body, tokenOf(caller === 'victim' ? victim : attacker))
      }),
  },
  {
    name: 'todos: hostile ids and list queries',
    weight: 10,
    cases: fc.oneof(
      fc.tuple(fc.constantFrom('GET', 'DELETE', 'HEAD'), idSegment([victimTodo.id, attackerTodo.id])).map(
        ([method, id]): Case => ({
          // Only the attacker deletes: the victim's todo must answer 403 to it, whatever the spelling.
          options: { method, url: `/api/v1/todos/${id}`, headers: { authorization: tokenOf(attacker) } },
        }),
      ),
      queryString(['limit', 'offset']).map(
        (query): Case => ({
          options: { method: 'GET', url: `/api/v1/todos${query}`, headers: { authorization: tokenOf(victim) } },
        }),
      ),
    ),
  },
  {
    name: 'every body route: bytes that are not UTF-8 and foreign content types',
    weight: 8,
    cases: fc
      .tuple(
        fc.constantFrom(
          ['POST', '/api/v1/auth/register', undefined],
          ['POST', '/api/v1/auth/login', undefined],
          ['POST', '/api/v1/auth/refresh', undefined],
          ['POST', '/api/v1/auth/logout', tokenOf(attacker)],
          ['PUT', `/api/v1/users/${victim.id}`, tokenOf(victim)],
          ['POST', '/api/v1/todos', tokenOf(attacker)],
          ['PUT', `/api/v1/todos/${victimTodo.id}`, tokenOf(victim)],
        ),
        fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
        fc.oneof(
          rawBytes,
          jsonBody({ name, email, password, title: text }).map((body) => Buffer.from(body)),
        ),
      )
      .map(
        ([[method, url, authorization], contentType, payload]): Case => ({
          options: {
            method,
            url,
            payload,
            headers: {
              ...(contentType === undefined ? {} : { 'content-type': contentType }),
              ...(authorization ? { authorization } : {}),
            },
          },
        }),
      ),
  },
  {
    name: 'protected routes: credentials that must never authenticate',
    weight: 6,
    cases: fc
      .tuple(
        fc.constantFrom(
          ['GET', `/api/v1/users/${victim.id}`],
          ['PUT', `/api/v1/users/${victim.id}`],
          ['DELETE', `/api/v1/users/${victim.id}`],
          ['GET', '/api/v1/users'],
          ['GET', '/api/v1/todos'],
          ['POST', '/api/v1/todos'],
          ['GET', `/api/v1/todos/${victimTodo.id}`],
          ['PUT', `/api/v1/todos/${victimTodo.id}`],
          ['DELETE', `/api/v1/todos/${victimTodo.id}`],
          ['POST', '/api/v1/auth/logout'],
        ),
        badAuthorization,
      )
      .map(
        ([[method, url], authorization]): Case => ({
          options: {
            method,
            url,
            headers: { authorization, 'content-type': 'application/json' },
            ...(method === 'PUT' || method === 'POST' ? { payload: '{"title":"pwned","name":"pwned"}' } : {}),
          },
          statuses: [401],
        }),
      ),
  },
  {
    name: 'health and docs: hostile queries, headers and methods',
    weight: 5,
    cases: fc
      .tuple(
        fc.constantFrom(
          '/health',
          '/health/live',
          '/health/ready',
          '/swagger',
          '/swagger/',
          '/swagger/index.html',
          '/swagger/json',
          '/swagger/yaml',
          '/swagger/static/',
        ),
        fc.oneof(fc.constant(''), idSegment([1])),
        queryString(['format', 'v', 'url']),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'),
        headerText,
      )
      .map(
        ([path, segment, query, method, header]): Case => ({
          options: {
            method,
            url: `${path}${path.endsWith('/') ? segment : ''}${query}`,
            headers: { accept: header, 'x-forwarded-for': header, origin: header, 'user-agent': header },
          },
        }),
      ),
  },
  {
    name: 'any method on any path',
    weight: 5,
    cases: fc
      .tuple(
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'OPTIONS'),
        fc.constantFrom(
          '/',
          '/api',
          '/api/v1',
          '/api/v1/',
          '/api/v2/todos',
          '/API/V1/TODOS',
          '/api/v1/todos/',
          '/api/v1//todos',
          '/api/v1/todos/1/extra',
          '/api/v1/todos/../users',
          '/api/v1/auth',
          '/api/v1/auth/',
          '/api/v1/auth/register/',
          '/api/v1/users/1/roles',
          '/api/v1/users/',
          '/api/v1/todos',
          '/api/v1/users',
          '/api/v1/auth/login',
          '/.env',
          '/%2e%2e/etc/passwd',
        ),
        fc.oneof(
          fc.constant(''),
          idSegment([1]).map((segment) => `/${segment}`),
        ),
        fc.option(
          text.map((body) => JSON.stringify({ title: body, name: body })),
          { nil: undefined },
        ),
        fc.option(queryString(['page', 'limit', 'search', 'refresh_token']), { nil: '' }),
      )
      .map(
        ([method, path, tail, payload, query]): Case => ({
          options: {
            method,
            // A leading "//" would read as a host to the request injector, not as a path.
            url: `${path === '/' && tail ? tail : `${path}${tail}`}${query}`,
            headers: { authorization: tokenOf(attacker), ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
          },
        }),
      ),
  },
]

// ---------------------------------------------------------------------------------------------

const totalWeight = properties.reduce((sum, { weight }) => sum + weight, 0)
let generated = 0

/**
 * Runs this file's share of the properties (every `shards`-th from `shard`), then checks that the
 * victim still signs in; the first share also replays the inputs that once broke the service.
 */
export async function fuzz(shard: number, shards: number) {
  const files = process.env.FUZZ_FILES === '1' ? 1 : shards
  const mine = properties.filter((_, index) => index % files === shard)
  const runs = Math.round((TOTAL_RUNS * mine.reduce((sum, { weight }) => sum + weight, 0)) / totalWeight)
  t.comment(`fuzzing ${runs} of ${TOTAL_RUNS} requests${SEED === undefined ? '' : ` with seed ${SEED}`}`)
  for (const property of mine) fuzzProperty(property)
  afterTheStorm()
  if (shard === 0) replayKnownBreakers()
}

function fuzzProperty(property: (typeof properties)[number]) {
  t.test(property.name, async (t) => {
    const numRuns = Math.max(1, Math.round((TOTAL_RUNS * property.weight) / totalWeight))
    let count = 0
    // Counterexamples print as a request line, not as the whole generated object.
    const cases = property.cases.map((c) => Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) }))
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        count++
        // Only a PUT or DELETE can change a stored record: those are checked one by one, the rest at the end.
        const before = ['PUT', 'DELETE'].includes(c.options.method) ? expected : undefined
        const res = await app.inject(c.options)
        if (res.statusCode < 400) c.accepted?.()
        const problem = problemWith(c, res)
        if (problem) throw new Error(`${problem}: ${summary(c, res)}`)
        if (before) await checkVictim(c, res, before)
      }),
      { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) },
    )
    generated += count
    t.equal(count, numRuns, `${count} generated requests`)
    t.same(await victimState(), expected, 'the victim’s records are as its own accepted requests left them')
  })
}

/** A rejected request must leave the victim's records exactly as they were; an accepted one may change them. */
async function checkVictim(c: Case, res: LightMyRequestResponse, before: VictimState) {
  const after = await victimState()
  if (!isDeepStrictEqual(after, before)) {
    if (res.statusCode >= 400) throw new Error(`a rejected request changed the victim's records: ${summary(c, res)}`)
    if (headerValue(c.options.headers, 'authorization') !== tokenOf(victim))
      throw new Error(`another caller changed the victim's records: ${summary(c, res)}`)
  }
  expected = after
}

const afterTheStorm = () =>
  t.test('after the storm: the victim still logs in and refreshes', async (t) => {
    t.comment(`${generated} requests generated in all`)
    const current = expected.user as { email: string }
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: current.email, password: VICTIM_PASSWORD },
    })
    t.equal(login.statusCode, 200, 'the stored password is untouched')
    const refreshed = await refresh(app, victim.refreshToken)
    t.equal(refreshed.statusCode, 200, 'no rejected request revoked or used the victim’s refresh token')
  })

// ---------------------------------------------------------------------------------------------
// Inputs that once answered 5xx or outside the documented shape, one example each.

const replayKnownBreakers = () =>
  t.test('inputs that once broke the service', async (t) => {
    const expectDocumented = async (label: string, c: Case) => {
      const res = await app.inject(c.options)
      t.notOk(problemWith(c, res), `${label}: ${res.statusCode} ${preview(res.body)}`)
    }
    await expectDocumented(
      'a NUL in a todo title',
      jsonRequest('POST', '/api/v1/todos', '{"title":"a\\u0000b"}', tokenOf(attacker)),
    )
    await expectDocumented(
      'a NUL in a user name',
      jsonRequest('PUT', `/api/v1/users/${attacker.id}`, '{"name":"a\\u0000b"}', tokenOf(attacker)),
    )
    await expectDocumented('a NUL in the administrators’ search', {
      options: { method: 'GET', url: '/api/v1/users?search=%00', headers: { authorization: tokenOf(admin) } },
    })
    await expectDocumented('a NUL in a documentation asset path', {
      options: { method: 'GET', url: '/swagger/static/a%00b.js' },
    })
    await expectDocumented('a malformed percent-encoding in a path id', {
      options: { method: 'GET', url: '/api/v1/users/%zz', headers: { authorization: tokenOf(attacker) } },
    })
    await expectDocumented('a path id over 100 characters', {
      options: {
        method: 'GET',
        url: `/api/v1/todos/${'1'.repeat(101)}`,
        headers: { authorization: tokenOf(attacker) },
      },
    })
    await expectDocumented('Infinity as a todo id', {
      options: { method: 'GET', url: '/api/v1/todos/Infinity', headers: { authorization: tokenOf(attacker) } },
    })
    await expectDocumented('1e400 as a todo list limit', {
      options: { method: 'GET', url: '/api/v1/todos?limit=1e400', headers: { authorization: tokenOf(attacker) } },
    })
    await expectDocumented('Infinity as the users list page', {
      options: { method: 'GET', url: '/api/v1/users?page=Infinity', headers: { authorization: tokenOf(admin) } },
    })
    await expectDocumented('OPTIONS without preflight headers', {
      options: { method: 'OPTIONS', url: '/api/v1/todos' },
    })
  })
