/**
 * What the administration tools share: settings, flags, questions on a terminal, input checks, the
 * database and the password hasher, and one line of output or of error with the matching exit code.
 */
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { Static, TSchema } from '@sinclair/typebox'
import { ConfigError, loadDatabaseConfig } from '../src/config.js'
import { createDatabase, type Database } from '../src/db/client.js'
import { isConnectionFailure, withoutQueryParameters } from '../src/db/errors.js'
import { createPasswordHasher, type PasswordHasher } from '../src/services/passwords.js'
import { validationDetails, validatorCompiler } from '../src/validation.js'

/** An expected failure (bad input, unknown user): its message is the whole report. */
export class CliError extends Error {
  override name = 'CliError'
}

export interface Tool {
  /** The configured database with its migrations applied; closed when the tool ends. */
  database(): Promise<Database>
  /** bcrypt at the given cost on one worker thread; closed when the tool ends. */
  passwordHasher(cost: number): PasswordHasher
}

/**
 * Runs a tool's body: prints the line it returns, or one line of error and exits 1. Everything it
 * opened is closed either way, so the process ends on its own.
 */
export async function runTool(main: (tool: Tool) => Promise<string>): Promise<void> {
  const closers: (() => Promise<void>)[] = []
  const tool: Tool = {
    async database() {
      const config = loadDatabaseConfig(process.env)
      // One statement at a time: a single connection is all a tool needs.
      const database = await createDatabase({ ...config, poolMax: 1 })
      closers.push(() => database.close())
      // Operators who turn migrations off at start-up run them separately (`npm run db:migrate`), perhaps
      // with other credentials; otherwise the tools, like the service, work on a brand-new database.
      if (config.migrateOnStart) await database.migrate()
      return database
    },
    passwordHasher(cost) {
      const hasher = createPasswordHasher({ cost, workers: 1 })
      closers.push(() => hasher.close())
      return hasher
    },
  }
  try {
    loadEnvFile()
    const line = await main(tool)
    process.stdout.write(`${line}\n`)
  } catch (error) {
    process.stderr.write(`${describeFailure(error)}\n`)
    process.exitCode = 1
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {})
  }
}

// decisions.md: a .env file is read when present; real environment variables win over it.
function loadEnvFile() {
  if (existsSync('.env')) process.loadEnvFile('.env')
}

function describeFailure(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message
  // Drizzle's own message lists the query's parameters, password hashes included: report the cause.
  const cause = withoutQueryParameters(error)
  const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim()
  return isConnectionFailure(error) ? `Could not reach the database: ${reason}` : `Failed: ${reason}`
}

/** `parseArgs` with strict flags, reporting a mistyped command line as a CliError. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs(config)
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
  /** Read without echo, and asked twice: a typo cannot be seen. */
  secret?: boolean
}

/**
 * Fills in the flags that were not given: asks for them on a terminal, and otherwise fails naming every
 * one that is missing (a script must not hang waiting for input that never comes).
 */
export async function askForMissing<K extends string>(
  given: Partial<Record<K, string>>,
  questions: Record<K, Question>,
): Promise<Record<K, string>> {
  const answers: Partial<Record<K, string>> = { ...given }
  const missing = (Object.keys(questions) as K[]).filter((flag) => answers[flag] === undefined)
  if (missing.length > 0 && !process.stdin.isTTY) {
    const flags = missing.map((flag) => `--${flag}`)
    const them = flags.length > 1 ? 'them' : 'it'
    throw new CliError(
      `Missing ${flags.join(' and ')}: there is no terminal to ask on, so pass ${them} on the command line`,
    )
  }
  for (const flag of missing) answers[flag] = await ask(questions[flag])
  return answers as Record<K, string>
}

async function ask({ label, secret = false }: Question): Promise<string> {
  const answer = await prompt(`${label}: `, secret)
  if (secret && (await prompt(`${label} (again): `, true)) !== answer)
    throw new CliError(`The two ${label.toLowerCase()}s differ`)
  return answer
}

/** One line from the terminal; questions go to stderr so stdout carries only the result. */
async function prompt(question: string, secret: boolean): Promise<string> {
  let muted = false
  let answered = false
  // readline echoes what is typed through its output; a secret answer's echo is dropped there.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk)
      done()
    },
  })
  const lines = createInterface({ input: process.stdin, output, terminal: true })
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
    if (secret || !answered) process.stderr.write('\n')
  }
}

/** How the tools name a user in their one line of output. */
export const describeUser = (user: { id: number; name: string; email: string }) =>
  `${user.name} <${user.email}> (id ${user.id})`
