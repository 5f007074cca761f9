/**
 * What the administration tools share: settings, flags, questions on a terminal, input checks, the
 * database and the password hasher, and one line of output or of error with the matching exit code.
 * A tool is a function of its command line, environment and terminal, so tests run it in-process; its
 * script file only hands it the process's own.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { type ParseArgsConfig, parseArgs, parseEnv } from 'node:util'
import type { Static, TSchema } from '@sinclair/typebox'
import { ConfigError, type Env, loadDatabaseConfig } from '../src/config.js'
import { createDatabase, type Database } from '../src/db/client.js'
import { isConnectionFailure, withoutQueryParameters } from '../src/db/errors.js'
import { createPasswordHasher, type PasswordHasher } from '../src/services/passwords.js'
import { validationDetails, validatorCompiler } from '../src/validation.js'

/** An expected failure (bad input, unknown user): its message is the whole report. */
export class CliError extends Error {
  override name = 'CliError'
}

/** The terminal a tool talks to, and the directory it runs in (where its .env is read). */
export interface ToolIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  cwd: string
}

/** What a caller may hand a tool already open (tests do): the tool uses it and leaves it open. */
export interface ToolResources {
  database?: Database
  passwords?: PasswordHasher
}

/** A tool: its command line (without node and the script), environment and terminal in; the exit code out. */
export type ToolMain = (argv: string[], env: Env, io: ToolIo, resources?: ToolResources) => Promise<number>

export interface Tool {
  /** The environment with the .env file of the working directory beneath it. */
  env: Env
  /** `parseArgs` over the tool's command line, with strict flags, a mistyped one reported as a CliError. */
  parse<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>>
  /**
   * Fills in the flags that were not given: asks for them on a terminal, and otherwise fails naming
   * every one that is missing (a script must not hang waiting for input that never comes).
   */
  askForMissing<K extends string>(
    given: Partial<Record<K, string>>,
    questions: Record<K, Question>,
  ): Promise<Record<K, string>>
  /** The configured database with its migrations applied, opened once; closed when the tool ends. */
  database(): Promise<Database>
  /** bcrypt at the given cost on one worker thread, started once; closed when the tool ends. */
  passwordHasher(cost: number): PasswordHasher
  /** A line on stderr that does not fail the tool. */
  warn(line: string): void
}

/** The process's own command line, environment and terminal, for a tool's script file. */
export async function runFromProcess(main: ToolMain): Promise<void> {
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }
  process.exitCode = await main(process.argv.slice(2), process.env, io)
}

/**
 * Runs a tool's body: prints the line it returns and answers 0, or prints one line of error and answers
 * 1. Everything it opened is closed either way, so the process ends on its own.
 */
export async function runTool(
  argv: string[],
  givenEnv: Env,
  io: ToolIo,
  resources: ToolResources,
  body: (tool: Tool) => Promise<string>,
): Promise<number> {
  const closers: (() => Promise<void>)[] = []
  let database: Promise<Database> | undefined
  let hasher: PasswordHasher | undefined
  try {
    const env = { ...readEnvFile(io.cwd), ...givenEnv }
    const tool: Tool = {
      env,
      parse: (config) => parseCommandLine(config, argv),
      askForMissing: (given, questions) => askForMissing(io, given, questions),
      database() {
        // Opened once: an embedded data directory is open in one place at a time.
        database ??= resources.database ? Promise.resolve(resources.database) : openDatabase(env, closers)
        return database
      },
      warn: (line) => io.stderr.write(`${line}\n`),
      passwordHasher(cost) {
        if (resources.passwords) return resources.passwords
        if (!hasher) {
          const created = createPasswordHasher({ cost, workers: 1 })
          closers.push(() => created.close())
          hasher = created
        }
        return hasher
      },
    }
    const line = await body(tool)
    io.stdout.write(`${line}\n`)
    return 0
  } catch (error) {
    io.stderr.write(`${describeFailure(error)}\n`)
    return 1
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {})
  }
}

async function openDatabase(env: Env, closers: (() => Promise<void>)[]): Promise<Database> {
  const config = loadDatabaseConfig(env)
  // One statement at a time: a single connection is all a tool needs.
  const database = await createDatabase({ ...config, poolMax: 1 })
  closers.push(() => database.close())
  // Operators who turn migrations off at start-up run them separately (`npm run db:migrate`), perhaps
  // with other credentials; otherwise the tools, like the service, work on a brand-new database.
  if (config.migrateOnStart) await database.migrate()
  return database
}

// docs/contract.md: a .env file is read when present; real environment variables win over it.
function readEnvFile(cwd: string): Env {
  const file = join(cwd, '.env')
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {}
}

function describeFailure(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message
  // Drizzle's own message lists the query's parameters, password hashes included: report the cause.
  const cause = withoutQueryParameters(error)
  const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim()
  return isConnectionFailure(error) ? `Could not reach the database: ${reason}` : `Failed: ${reason}`
}

function parseCommandLine<T extends ParseArgsConfig>(config: T, args: string[]) {
  try {
    // The config's own type is what tells parseArgs's result its flags; the arguments do not change it.
    return parseArgs({ ...config, args }) as ReturnType<typeof parseArgs<T>>
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
      throw new CliError(`${(error as Error).message.replace(/\s+/g, ' ')} (see --help)`)
    throw error
  }
}

/**
 * Checks input against an API body schema with the API's own validator, so a tool accepts exactly
 * what the HTTP API would (trimming included) and reports it in the same words. Returns the cleaned
 * values.
 */
export function checkInput<T extends TSchema>(schema: T, input: Record<string, string | undefined>): Static<T> {
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' })
  const data = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  if (validate(data) === true) return data as Static<T>
  const details = validationDetails(validate.errors ?? [])
  throw new CliError(`Invalid input: ${details ? Object.values(details).join('; ') : 'not accepted'}`)
}

export interface Question {
  label: string
  /** Read without echo. */
  secret?: boolean
  /** Asked twice, for a new secret: a typo cannot be seen. */
  confirm?: boolean
}

async function askForMissing<K extends string>(
  io: ToolIo,
  given: Partial<Record<K, string>>,
  questions: Record<K, Question>,
): Promise<Record<K, string>> {
  const answers: Partial<Record<K, string>> = { ...given }
  const missing = (Object.keys(questions) as K[]).filter((flag) => answers[flag] === undefined)
  if (missing.length > 0 && !io.stdin.isTTY) {
    const flags = missing.map((flag) => `--${flag}`)
    const them = flags.length > 1 ? 'them' : 'it'
    throw new CliError(
      `Missing ${flags.join(' and ')}: there is no terminal to ask on, so pass ${them} on the command line`,
    )
  }
  for (const flag of missing) answers[flag] = await ask(io, questions[flag])
  return answers as Record<K, string>
}

async function ask(io: ToolIo, { label, secret = false, confirm = false }: Question): Promise<string> {
  const answer = await prompt(io, `${label}: `, secret)
  if (confirm && (await prompt(io, `${label} (again): `, secret)) !== answer)
    throw new CliError(`The two ${label.toLowerCase()}s differ`)
  return answer
}

/** One line from the terminal; questions go to stderr so stdout carries only the result. */
async function prompt(io: ToolIo, question: string, secret: boolean): Promise<string> {
  let muted = false
  let answered = false
  // readline echoes what is typed through its output; a secret answer's echo is dropped there.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) io.stderr.write(chunk)
      done()
    },
  })
  const lines = createInterface({ input: io.stdin, output, terminal: true })
  try {
    return await new Promise<string>((resolve, reject) => {
      lines.once('SIGINT', () => reject(new CliError('Cancelled')))
      lines.once('close', () => reject(new CliError('Cancelled: no answer')))
      lines.question(question, (answer) => {
        answered = true
        resolve(answer)
      })
      muted = secret
    })
  } finally {
    lines.close()
    // The line break after a secret was muted with its echo; after a cancel there was none.
    if (secret || !answered) io.stderr.write('\n')
  }
}

// Control characters (C0, DEL, C1), the marks that reorder a line (bidirectional controls) and the
// Unicode line breaks; the backslash too, so that every escape reads one way.
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u2028-\u202e\u2066-\u2069\\]/gu

/**
 * Text from the database or the command line as the tools print it (docs/contract.md: escaped, never raw):
 * each unprintable character as \uXXXX and a backslash doubled. Anyone can register a name, and a name
 * carrying terminal escapes could otherwise rewrite or hide the tool's real output.
 */
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => (c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))

/** How the tools name a user in their one line of output. */
export const describeUser = (user: { id: number; name: string; email: string }) =>
  `${printable(user.name)} <${printable(user.email)}> (id ${user.id})`

/** A user's roles as the tools print them. */
export const describeRoles = (roles: string[]) => roles.map(printable).join(', ')
