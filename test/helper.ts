import { createHmac, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import tap, { type Test } from 'tap'
import { type AppOptions, buildApp } from '../src/app.js'
import { type Config, type Env, loadConfig } from '../src/config.js'
import { createDatabase, type Database } from '../src/db/client.js'
import { MIGRATIONS_DIR } from '../src/paths.js'
import { createPasswordHasher, type PasswordHasher } from '../src/services/passwords.js'
import { adminUrl, type Backend, databaseUrl, PGLITE_SNAPSHOT, TEMPLATE_DATABASE, testBackend } from './backend.js'
import { enforceContract } from './contract.js'
import { keyFiles } from './signing-keys.js'

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef0123456789abcdef'
/** The key TOTP secrets are sealed under in tests; a test of its absence sets MFA_ENCRYPTION_KEY to ''. */
export const TEST_MFA_KEY = 'test-mfa-key-fedcba9876543210fedcba9876543210'

/**
 * Deadlines for tests on a busy machine: a request or a probe that outlasts the production figure there
 * is slow, not broken. Tests about a deadline set their own.
 */
export const PATIENT_TIMEOUTS = { SERVER_WRITETIMEOUT: '120s', HEALTH_TIMEOUT: '60s' }

/**
 * Settings for tests: a known secret, the cheapest bcrypt cost, silence, no migrations (the copy is
 * migrated). The login throttle is off: every inject comes from one address, and files that fail
 * logins on purpose would meet it; test/routes/login-throttle.test.ts turns it on.
 */
export function testConfig(overrides: Env = {}) {
  return loadConfig({
    JWT_SECRET: TEST_SECRET,
    MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
    BCRYPT_COST: '4',
    LOG_LEVEL: 'silent',
    DB_MIGRATE_ON_START: 'false',
    ...PATIENT_TIMEOUTS,
    LOGIN_THROTTLE_ENABLED: 'false',
    // Metrics listen on a port of their own: any free one on the loopback, once a test asks for them.
    METRICS_HOST: '127.0.0.1',
    METRICS_PORT: '0',
    ...signingOverride(),
    ...overrides,
  })
}

/**
 * A value made for the test file being run at its first use, and let go (`release`) when the file
 * ends: the next file of a group run in the same process (test/file-group.ts) makes its own.
 */
function perFile<T>(make: () => T, release: (value: T) => unknown = () => {}): () => T {
  let made: { value: T } | undefined
  return () => {
    if (!made) {
      const value = make()
      made = { value }
      tap.teardown(async () => {
        made = undefined
        await release(value)
      })
    }
    return made.value
  }
}

const signingAlgorithm = process.env.TEST_JWT_SIGNING_ALG
/** The file's signing key, made when signingOverride has found an algorithm it signs with. */
const signingKeyFile = perFile(() => keyFiles(tap, signingAlgorithm as 'ES256' | 'EdDSA').privateFile)

/**
 * TEST_JWT_SIGNING_ALG=ES256 (or EdDSA) runs test files that do not forge HS256 tokens with asymmetric
 * access tokens, signed with a key made for the file.
 */
function signingOverride(): Env {
  if (signingAlgorithm !== 'ES256' && signingAlgorithm !== 'EdDSA') return {}
  return { JWT_SIGNING_ALG: signingAlgorithm, JWT_PRIVATE_KEY_FILE: signingKeyFile() }
}

/** A new database copied from the migrated template (PostgreSQL) or snapshot (PGlite). */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const base = { pgliteDataDir: 'memory://', poolMax: 10, migrateOnStart: false }
  if (testBackend() === 'pglite') {
    const snapshot = new Blob([readFileSync(PGLITE_SNAPSHOT)])
    return createDatabase({ ...base, url: undefined }, { pgliteSnapshot: snapshot })
  }
  const name = `svc_test_${process.pid}_${randomUUID().slice(0, 8)}`
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`)
  await admin.end()
  const url = databaseUrl(name)
  const database = await createDatabase({ ...base, url })
  return {
    ...database,
    url,
    close: async () => {
      await database.close()
      const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/**
 * For the tests that act on a PostgreSQL database from outside the app: a fresh one of the test's own,
 * its URL and name, and a connection to the server as its administrator (opened on first use); all
 * closed, and the database dropped, when the test ends.
 */
export async function databaseWithAdmin(t: Test): Promise<{ url: string; name: string; admin: postgres.Sql }> {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const url = database.url as string
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  t.teardown(() => admin.end())
  return { url, name: new URL(url).pathname.slice(1), admin }
}

/**
 * A brand-new, empty PostgreSQL database (no template, no migrations), dropped when the test ends: for
 * a server or a tool to migrate.
 */
export async function emptyDatabase(t: Test): Promise<{ name: string; url: string }> {
  // The svc_test_ prefix lets the test setup drop it if an interrupted run leaves it behind.
  const name = `svc_test_${process.pid}_${randomUUID().slice(0, 8)}`
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE "${name}"`)
  t.teardown(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  })
  return { name, url: databaseUrl(name) }
}

/** One database per test file, shared by every app the file builds and dropped when the file ends. */
export const fileDatabase = perFile(freshDatabase, async (database) => (await database).close())

export interface BuildOptions extends Omit<Partial<AppOptions>, 'config'> {
  env?: Env
}

/** One bcrypt pool per test file at the test cost: starting worker threads is the slow part of a build. */
export const testPasswords: () => PasswordHasher = perFile(
  () => createPasswordHasher({ cost: 4, workers: 2 }),
  (hasher) => hasher.close(),
)

const testHasher = (config: Config) => (config.passwords.bcryptCost === 4 ? testPasswords() : undefined)

/** The app a test talks to. */
export type App = Awaited<ReturnType<typeof build>>

/**
 * How many migrations drizzle/ holds: a migrated database has applied each once. Read when asked, not
 * when the helper loads: the three files that ask are among the sixty that load it.
 */
export const migrationCount = (): number =>
  (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds. */
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/**
 * The one way a test says it cannot run here: `t.test(name, { skip: needs(...) }, fn)` shows as a skip
 * with its reason, never as a pass. Each argument is false when met or the reason it is not.
 */
export function needs(...unmet: (string | false)[]): string | false {
  return unmet.find((reason) => reason !== false) ?? false
}

/** Unmet (a reason) unless the suite runs on that database. */
export const backend = (wanted: Backend, why: string): string | false =>
  testBackend() === wanted ? false : `${why}; runs with TEST_DB=${wanted}`

/** Builds the real app on this file's database and closes it when the test ends. */
export async function build(t: Test, { env, ...options }: BuildOptions = {}) {
  const config = testConfig(env)
  const app = await buildApp({
    config,
    ...options,
    passwords: options.passwords ?? testHasher(config),
    database: options.database ?? (await fileDatabase()),
  })
  t.teardown(() => app.close())
  // Every response the suite receives keeps the OpenAPI document's word (test/contract.ts).
  await enforceContract(app, t)
  await app.ready()
  return app
}

/** Collects the app's log lines as parsed objects. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = []
  const raw: string[] = []
  return {
    lines,
    raw,
    stream: {
      write(line: string) {
        raw.push(line)
        lines.push(JSON.parse(line) as Record<string, unknown>)
      },
    },
  }
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID()}@example.com`

export interface TestUser {
  id: number
  name: string
  email: string
  password: string
  roles: string[]
  accessToken: string
  refreshToken: string
  /** Ready to spread into `inject({ headers })`. */
  headers: { authorization: string }
}

/** Registers a new user through the API and returns it with its tokens. */
export async function registerUser(
  app: App,
  fields: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const body = { name: 'Test User', email: uniqueEmail(), password: 'correct horse battery', ...fields }
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body })
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const data = res.json().data
  return {
    id: data.user.id,
    name: data.user.name,
    email: data.user.email,
    password: body.password,
    roles: data.user.roles,
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    headers: { authorization: `Bearer ${data.access_token}` },
  }
}

/** POST /api/v1/auth/login with an email and password, and any extra headers. */
export const login = (app: App, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { email, password } })

/** Creates a todo through the API and returns it; anything but a 201 fails the test. */
export async function createTodo(app: App, user: TestUser, payload: object = { title: 'Buy milk' }) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/todos', headers: user.headers, payload })
  if (res.statusCode !== 201) throw new Error(`todo not created: ${res.statusCode} ${res.body}`)
  return res.json()
}

/**
 * A JWT made by hand, so tests can forge what no honest issuer would: signed with HMAC-SHA256 over the
 * given secret, or by the given function (which may return anything, or nothing for `alg: none`).
 */
export function forgeToken(header: object, claims: object, sign: string | ((input: string) => string)): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
  const input = `${encode(header)}.${encode(claims)}`
  const signature =
    typeof sign === 'string' ? createHmac('sha256', sign).update(input).digest('base64url') : sign(input)
  return `${input}.${signature}`
}

/** POST /api/v1/auth/refresh with a refresh token (or anything else, to see it refused). */
export const refresh = (app: App, token: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers, payload: { refresh_token: token } })

/** The JSON header and claims of a JWT, unverified: for asserting what the service put in it. */
export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header = '', claims = ''] = token.split('.')
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>
  return { header: decode(header), claims: decode(claims) }
}

/** Gives a user the admin role directly in the database and logs in again for a token that carries it. */
export async function makeAdmin(app: App, user: TestUser): Promise<TestUser> {
  await app.repos.users.grantRole(user.id, 'admin')
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })
  const data = res.json().data
  return {
    ...user,
    roles: data.user.roles,
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    headers: { authorization: `Bearer ${data.access_token}` },
  }
}

/** A wall clock that tests move by hand. */
export function manualClock(start = Date.now()) {
  let now = start
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

const metricsUrls = new WeakMap<App, Promise<string>>()

/** The app's Prometheus exposition, from its metrics listener (started on first use). */
export async function scrapeMetrics(app: App): Promise<string> {
  let url = metricsUrls.get(app)
  if (!url) {
    url = app.metrics.listen()
    metricsUrls.set(app, url)
  }
  return (await fetch(`${await url}/metrics`)).text()
}
