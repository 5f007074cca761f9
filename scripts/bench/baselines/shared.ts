/**
 * What every baseline server shares: settings from the environment, a bare node:http server with the
 * service's keep-alive, JSON replies, and an exit when the benchmark that started it is gone.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import postgres from 'postgres'
import type { AccessClaims } from '../../../src/schemas/auth.js'
import type { Statement, StatementName } from '../statements.js'
import { verifyAccessToken } from './jwt.js'

export function setting(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`${name} is required`)
  return value
}

/** The same pool settings as the service's PostgreSQL client. */
export const connect = () =>
  postgres(setting('DATABASE_URL'), {
    max: Number(setting('DATABASE_POOL_MAX', '10')),
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
  })

const statements = JSON.parse(readFileSync(new URL('./statements.json', import.meta.url), 'utf8')) as Record<
  StatementName,
  Statement
>

/**
 * One of the service's statements (the benchmark writes them beside the baselines from the service's
 * Drizzle queries), prepared once by postgres.js and run with the named values.
 */
export function serviceStatement(sql: postgres.Sql, name: StatementName) {
  const { text, values } = statements[name]
  return (bound: Record<string, postgres.ParameterOrJSON<never>>) =>
    // A value left out is undefined, which postgres.js refuses: no statement runs with a name missed.
    sql.unsafe(
      text,
      values.map((value) => bound[value] as postgres.ParameterOrJSON<never>),
      { prepare: true },
    )
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, JSON.stringify(body))
}

/** A reply whose JSON is written already. */
export function sendJson(res: ServerResponse, status: number, json: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  })
  res.end(json)
}

/**
 * A success in the service's envelope, with the `meta` it fills on every one. The request id is the one
 * `serve` sent as X-Request-ID, as the service does.
 */
export function sendEnvelope(res: ServerResponse, data: unknown): void {
  const meta = { request_id: res.getHeader('x-request-id'), timestamp: new Date().toISOString() }
  send(res, 200, { success: true, data, meta })
}

let secret: string | undefined

/** The caller's verified claims, or undefined for a missing, malformed, forged or expired token. */
export function bearer(req: IncomingMessage): AccessClaims | undefined {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  // Read once: process.env is slow enough to show up in a profile.
  secret ??= setting('JWT_SECRET')
  return verifyAccessToken(header.slice(7), secret)
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return undefined
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/**
 * Listens on SERVER_HOST:SERVER_PORT. Every response carries a new X-Request-ID and a failing handler is
 * a 500, as in the service.
 */
export function serve(handler: Handler, onClose: () => Promise<void> = async () => {}): void {
  const server = createServer((req, res) => {
    res.setHeader('x-request-id', randomUUID())
    handler(req, res).catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`)
      if (!res.headersSent) send(res, 500, { error: 'internal server error' })
    })
  })
  // The service's SERVER_IDLETIMEOUT default, so both keep connections alive alike.
  server.keepAliveTimeout = 120_000
  server.listen(Number(setting('SERVER_PORT')), setting('SERVER_HOST', '127.0.0.1'))
  const close = () => {
    server.close()
    server.closeIdleConnections()
    onClose().finally(() => process.exit(0))
  }
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
  exitWithParent()
}

/** A baseline never outlives the benchmark, even one that was killed outright. */
export function exitWithParent(): void {
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) process.exit(1)
  }, 1000).unref()
}
