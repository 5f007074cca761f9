import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ConfigError, loadConfig } from './config.js'
import { type DataDir, openDataDir } from './db/pglite-data-dir.js'

const DEV_SECRET_FILE = '.data/dev-jwt-secret'
const DEV_MFA_KEY_FILE = '.data/dev-mfa-key'
/** docs/contract.md: `npm run dev` without SMTP_URL writes mails here and their links to the log. */
const DEV_MAIL_DIR = '.data/mail'
const devMode = process.argv.includes('--dev')

// docs/contract.md: a .env file is read when present; real environment variables win over it.
if (existsSync('.env')) process.loadEnvFile('.env')
if (devMode) {
  useDevSecret()
  useDevMfaKey()
}

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

// The embedded database's directory is opened before the rest of the service loads: on a first start,
// the copy of its template goes on while the modules load and the app is set up.
let pgliteDirectory: DataDir | undefined

/** An unreachable database, a failed migration, a locked data directory: one line, not a stack. */
async function startFailed(error: unknown): Promise<never> {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`)
  // A first start's copy of the template is let finish, so that the next start finds a whole directory.
  await pgliteDirectory?.filled.catch(() => {})
  process.exit(1)
}

try {
  if (!config.database.url) pgliteDirectory = openDataDir(config.database.pgliteDataDir)
} catch (error) {
  await startFailed(error)
}
const { buildApp } = await import('./app.js')
const app = await buildApp({ config, pgliteDirectory, ...(devMode ? { devMailDir: DEV_MAIL_DIR } : {}) }).catch(
  startFailed,
)
// The database finishes opening here, before the port is bound.
await app.ready().then(undefined, startFailed)
await app.listen({ host: config.server.host, port: config.server.port })
if (config.metrics.enabled) await app.metrics.listen()

let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal, delay_ms: config.server.shutdownDelayMs }, 'shutting down: finishing in-flight requests')
    // SERVER_SHUTDOWN_DELAY: readiness fails first while requests are still served, so the load balancer
    // stops sending them before the listener closes. The shutdown timeout counts from the drain.
    app.beginShutdown()
    setTimeout(drain, config.server.shutdownDelayMs)
  })
}

function drain() {
  const deadline = setTimeout(() => {
    app.log.error('shutdown timed out; exiting with requests still open')
    process.exit(1)
  }, config.server.shutdownTimeoutMs)
  deadline.unref()
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    },
  )
}

/** A random key kept in `file` for later runs: made once, read every time. */
function devKey(file: string, bytes: number): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, randomBytes(bytes).toString('hex'), { mode: 0o600 })
  }
  return readFileSync(file, 'utf8').trim()
}

/** `npm run dev` only: without JWT_SECRET, make one random secret and keep it for later runs. */
function useDevSecret() {
  if (process.env.JWT_SECRET) return
  process.env.JWT_SECRET = devKey(DEV_SECRET_FILE, 48)
  process.stderr.write(
    `\n*** DEVELOPMENT MODE: JWT_SECRET is not set, so tokens are signed with a random secret kept in ${DEV_SECRET_FILE}. ***\n*** Never run production this way: set JWT_SECRET (64+ random characters) and use npm start. ***\n\n`,
  )
}

/** `npm run dev` only: without MFA_ENCRYPTION_KEY, the TOTP secrets are sealed under a key kept in .data/. */
function useDevMfaKey() {
  if (process.env.MFA_ENCRYPTION_KEY) return
  process.env.MFA_ENCRYPTION_KEY = devKey(DEV_MFA_KEY_FILE, 32)
  process.stderr.write(
    `*** DEVELOPMENT MODE: MFA_ENCRYPTION_KEY is not set, so TOTP secrets are sealed under a random key kept in ${DEV_MFA_KEY_FILE}. ***\n\n`,
  )
}
