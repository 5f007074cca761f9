import { drizzle } from 'drizzle-orm/postgres-js'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import type { Database } from './db/client.js'
import * as schema from './db/schema.js'

/**
 * The settings the document is built with. Everything else keeps its default, so the document never
 * depends on the environment it is generated in (version 1.0.0, the default password length).
 */
const DOCUMENT_ENV = {
  JWT_SECRET: 'openapi-document-only-secret-never-used-to-sign-anything-real-000',
  LOG_LEVEL: 'silent',
  DB_MIGRATE_ON_START: 'false',
  BCRYPT_COST: '4',
  BCRYPT_WORKERS: '1',
}

/**
 * The document describes routes, not data: a database that is never connected, so generating it (and
 * the staleness test) starts no database server.
 */
function unconnectedDatabase(): Database {
  return {
    db: drizzle.mock({ schema }),
    ping: async () => {},
    migrate: async () => {},
    close: async () => {},
  }
}

/** Builds the real app with fixed settings and returns its OpenAPI document. */
export async function buildOpenApiDocument() {
  const app = await buildApp({ config: loadConfig(DOCUMENT_ENV), database: unconnectedDatabase() })
  try {
    await app.ready()
    return app.swagger()
  } finally {
    await app.close()
  }
}

/** The document as committed in openapi/openapi.json: pretty JSON with a trailing newline. */
export async function renderOpenApiDocument(): Promise<string> {
  return `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`
}
