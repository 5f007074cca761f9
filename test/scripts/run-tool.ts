/**
 * Runs the administration tools in-process, on this file's database and bcrypt pool (the app built by
 * build(t) shares both), with no terminal; and, once per tool, as their own process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import tap, { type Test } from 'tap'
import type { ToolIo, ToolMain } from '../../scripts/cli.js'
import { createDatabase } from '../../src/db/client.js'
import { ROOT } from '../../src/paths.js'
import { testBackend } from '../backend.js'
import { type App, build, decodeJwt, fileDatabase, freshDatabase, login, testPasswords } from '../helper.js'
import { type Exit, runScript } from '../run-script.js'

const SCRIPTS = join(ROOT, 'scripts')

export type { Exit }

/** One line of output and nothing else. */
export const ONE_LINE = /^[^\n]+\n$/

/** A new directory under the OS temp directory, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  tap.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export interface RunOptions {
  /** The whole environment besides the test bcrypt cost. */
  env?: Record<string, string>
  /** A fresh directory by default, so no .env of the checkout reaches the tool. */
  cwd?: string
  /** What the terminal answers, one line each; without it the tool has no terminal. */
  answers?: string[]
  /** False for a tool that must find its database from its settings, as the real one does. */
  shareDatabase?: boolean
}

/** Runs a tool in-process and collects its exit code and output (questions go to stderr). */
export async function runTool(
  main: ToolMain,
  args: string[],
  { env = {}, cwd, answers, shareDatabase = true }: RunOptions = {},
): Promise<Exit> {
  const out = { stdout: '', stderr: '' }
  const stdin = Object.assign(new PassThrough(), { isTTY: answers !== undefined })
  // Each question's answer is typed once it has been asked: readline would drop lines typed ahead.
  const typed = [...(answers ?? [])]
  const io: ToolIo = {
    stdin,
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: {
      write: (text: string) => {
        out.stderr += text
        if (/: $/.test(text) && typed.length > 0) setImmediate(() => stdin.write(`${typed.shift()}\n`))
      },
    },
    cwd: cwd ?? tempDir('admin-tool-cwd-'),
  }
  const resources = shareDatabase ? { database: await fileDatabase(), passwords: testPasswords() } : {}
  const code = await main(args, { BCRYPT_COST: '4', ...env }, io, resources)
  return { code, ...out }
}

export interface LoggedIn {
  status: number
  id?: number
  /** The roles claim of the access token; undefined when the login failed. */
  roles: unknown
  headers: Record<string, string>
}

/** Logs in through the API: the status, and on success the roles the access token carries. */
export async function rolesAfterLogin(app: App, email: string, password: string): Promise<LoggedIn> {
  const res = await login(app, email, password)
  if (res.statusCode !== 200) return { status: res.statusCode, roles: undefined, headers: {} }
  const { access_token: token, user } = res.json().data as { access_token: string; user: { id: number } }
  return {
    status: res.statusCode,
    id: user.id,
    roles: decodeJwt(token).claims.roles,
    headers: { authorization: `Bearer ${token}` },
  }
}

/** The answer to the administrators' user list for these credentials. */
export const listUsers = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/users?per_page=100', headers })

export interface ProcessDatabase {
  /** The settings that point a tool at the database. */
  env: Record<string, string>
  /** Builds the app on the database for the length of one subtest, once no tool process runs. */
  app(t: Test): Promise<App>
}

/**
 * A database for a tool run as its own process: a copy of the migrated template on PostgreSQL; on
 * PGlite a data directory that does not exist yet, so the tool also creates and migrates it.
 */
export async function processDatabase(): Promise<ProcessDatabase> {
  if (testBackend() === 'postgres') {
    const database = await freshDatabase()
    tap.teardown(() => database.close())
    return { env: { DATABASE_URL: database.url as string }, app: (t) => build(t, { database }) }
  }
  const pgliteDataDir = join(tempDir('admin-tools-'), 'pglite')
  return {
    env: { PGLITE_DATA_DIR: pgliteDataDir },
    app: async (t) => {
      // A data directory is open in one process at a time: this one's, now that the tool has exited.
      const database = await createDatabase({ url: undefined, pgliteDataDir, poolMax: 1, migrateOnStart: false })
      t.teardown(() => database.close())
      return build(t, { database })
    },
  }
}

/** Runs a tool's script as its own process (no terminal, stdin closed), as `npm run` does. */
export const spawnTool = (tool: 'create-admin' | 'roles', args: string[], env: Record<string, string>, cwd: string) =>
  // A tool that leaves something open never exits: fail the test instead of waiting for tap's limit.
  runScript(join(SCRIPTS, `${tool}.ts`), args, { cwd, env: { BCRYPT_COST: '4', ...env }, timeoutMs: 120_000 })
