/**
 * Runs the administration tools as their own processes (no terminal, stdin closed) against one
 * database per test file, and builds the app on that same database to check what the tools did.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import tap, { type Test } from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { testBackend } from '../backend.js'
import { build, decodeJwt, freshDatabase } from '../helper.js'
import { type Exit, runScript } from '../run-script.js'

const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url))

export type App = Awaited<ReturnType<typeof build>>

export type { Exit }

/** One line of output and nothing else. */
export const ONE_LINE = /^[^\n]+\n$/

/** A new directory under the OS temp directory, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  tap.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export interface ToolDatabase {
  /** The settings that point a tool at the database. */
  env: Record<string, string>
  /**
   * Builds the app on the database for the length of one subtest. With PGlite, run no tool until that
   * subtest ends: a data directory is open in one process at a time.
   */
  app(t: Test): Promise<App>
}

/**
 * This file's database: a copy of the migrated template on PostgreSQL; on PGlite a data directory that
 * does not exist yet, so the first tool also creates and migrates it.
 */
export async function toolDatabase(): Promise<ToolDatabase> {
  if (testBackend() === 'postgres') {
    const database = await freshDatabase()
    tap.teardown(() => database.close())
    return { env: { DATABASE_URL: database.url as string }, app: (t) => build(t, { database }) }
  }
  const pgliteDataDir = join(tempDir('admin-tools-'), 'pglite')
  return {
    env: { PGLITE_DATA_DIR: pgliteDataDir },
    app: async (t) => {
      const database = await createDatabase({ url: undefined, pgliteDataDir, poolMax: 1, migrateOnStart: false })
      t.teardown(() => database.close())
      // No tool may have run yet to create the schema; when one has, this finds nothing to do.
      await database.migrate()
      return build(t, { database })
    },
  }
}

export interface RunOptions {
  /** The only environment besides PATH and the test bcrypt cost. */
  env: Record<string, string>
  /** A fresh directory by default, so no .env of the checkout reaches the tool. */
  cwd?: string
}

export const runTool = (tool: 'create-admin' | 'roles', args: string[], { env, cwd }: RunOptions): Promise<Exit> =>
  // A tool that leaves something open never exits: fail the test instead of waiting for tap's limit.
  runScript(join(SCRIPTS, `${tool}.ts`), args, {
    cwd: cwd ?? tempDir('admin-tool-cwd-'),
    env: { BCRYPT_COST: '4', ...env },
    timeoutMs: 120_000,
  })

export interface Login {
  status: number
  id?: number
  /** The roles claim of the access token. */
  roles: unknown
  headers: Record<string, string>
}

/** Logs in through the API; returns the status, and on success the roles the access token carries. */
export async function login(app: App, email: string, password: string): Promise<Login> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })
  if (res.statusCode !== 200) return { status: res.statusCode, roles: [], headers: {} }
  const { access_token: token, user } = res.json().data as { access_token: string; user: { id: number } }
  return {
    status: res.statusCode,
    id: user.id,
    roles: decodeJwt(token).claims.roles,
    headers: { authorization: `Bearer ${token}` },
  }
}

/** The answer to the administrators' user list for these credentials. */
export async function listUsers(app: App, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/v1/users?per_page=100', headers })
}
