import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { TEST_BUNDLE } from '../backend.js'
import { type Exit, runScript } from '../run-script.js'
import { keyFiles } from '../signing-keys.js'

/**
 * Starts the server as `npm start` runs it in an empty working directory (so no stray .env is read)
 * with exactly the given environment, and waits for it to exit. A server that wrongly starts listening
 * is killed after a while, which shows as no exit code.
 */
const startServer = (env: Record<string, string>, cwd: string) =>
  runScript(TEST_BUNDLE, [], { cwd, env, timeoutMs: 30_000 })

/** A valid environment apart from the secret: the process must stop on the secret alone. */
const VALID = {
  SERVER_HOST: '127.0.0.1',
  SERVER_PORT: '0',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  DB_MIGRATE_ON_START: 'false',
  LOG_LEVEL: 'info',
}

const workdir = mkdtempSync(join(tmpdir(), 'server-start-'))
t.teardown(() => rmSync(workdir, { recursive: true, force: true }))

function assertRefused(t: Test, exit: Exit, message: RegExp) {
  t.ok(exit.code !== null && exit.code !== 0, `exits non-zero by itself (code ${exit.code})`)
  t.equal(exit.stdout, '', 'never started: no log line, no listening address')
  const lines = exit.stderr.split('\n').filter(Boolean)
  t.equal(lines.length, 1, 'one line on stderr')
  t.match(lines[0], message)
}

t.test('a short JWT_SECRET stops the server before it listens', async (t) => {
  const exit = await startServer({ ...VALID, JWT_SECRET: 'too-short' }, workdir)
  assertRefused(t, exit, /^Invalid configuration: JWT_SECRET must be at least 32 characters \(got 9\)$/)
})

t.test('a missing JWT_SECRET stops the server before it listens', async (t) => {
  const exit = await startServer(VALID, workdir)
  assertRefused(t, exit, /^Invalid configuration: JWT_SECRET is required/)
})

t.test('settings in .env are read, and the real environment wins over them', async (t) => {
  const dir = mkdtempSync(join(workdir, 'dotenv-'))
  writeFileSync(join(dir, '.env'), `JWT_SECRET=${'s'.repeat(40)}\nSERVER_PORT=not-a-port\n`)
  const exit = await startServer({ ...VALID, SERVER_PORT: 'also-not-a-port' }, dir)
  assertRefused(t, exit, /^Invalid configuration: SERVER_PORT must be a whole number .*\(got "also-not-a-port"\)$/)
})

t.test('a signing key file the service cannot use stops the server before it listens', async (t) => {
  const secret = { ...VALID, JWT_SECRET: 's'.repeat(40), JWT_SIGNING_ALG: 'ES256' }
  const missing = await startServer({ ...secret, JWT_PRIVATE_KEY_FILE: join(workdir, 'absent.pem') }, workdir)
  assertRefused(t, missing, /^Start-up failed: JWT_PRIVATE_KEY_FILE \(.*absent\.pem\) cannot be read \(ENOENT\)$/)
  const ed25519 = keyFiles(t, 'EdDSA').privateFile
  const wrongType = await startServer({ ...secret, JWT_PRIVATE_KEY_FILE: ed25519 }, workdir)
  assertRefused(
    t,
    wrongType,
    /^Start-up failed: JWT_PRIVATE_KEY_FILE \(.*\) holds an Ed25519 key, but JWT_SIGNING_ALG=ES256 needs/,
  )
})

t.test('a database that cannot be reached stops the server before it listens, in one line', async (t) => {
  // The database opens while the app is set up, and the start waits for it before binding the port.
  const unreachable = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres', DB_MIGRATE_ON_START: 'true' }
  const exit = await startServer({ ...VALID, ...unreachable, JWT_SECRET: 's'.repeat(40) }, workdir)
  t.equal(exit.code, 1)
  t.notMatch(exit.stdout, /listening/i, 'never listened')
  t.match(exit.stderr, /^Start-up failed: connect ECONNREFUSED 127\.0\.0\.1:1\n$/)
})

t.test('npm run dev makes an MFA key once in .data/, as it does the JWT secret, and says so', async (t) => {
  const dir = mkdtempSync(join(workdir, 'dev-'))
  // A bad port stops the process after the development keys are in place, before any database is opened.
  const dev = () =>
    runScript(TEST_BUNDLE, ['--dev'], { cwd: dir, env: { ...VALID, SERVER_PORT: 'x' }, timeoutMs: 30_000 })
  const first = await dev()
  t.match(
    first.stderr,
    /MFA_ENCRYPTION_KEY is not set, so TOTP secrets are sealed under a random key kept in \.data\/dev-mfa-key/,
  )
  const file = join(dir, '.data', 'dev-mfa-key')
  const key = readFileSync(file, 'utf8')
  t.match(key, /^[0-9a-f]{64}$/, '32 random bytes')
  t.equal(statSync(file).mode & 0o777, 0o600, 'readable by its owner only')
  await dev()
  t.equal(readFileSync(file, 'utf8'), key, 'kept for later runs')

  const started = await runScript(TEST_BUNDLE, [], {
    cwd: dir,
    env: { ...VALID, JWT_SECRET: 's'.repeat(40), SERVER_PORT: 'x' },
    timeoutMs: 30_000,
  })
  t.notMatch(started.stderr, /dev-mfa-key/, 'npm start never makes or reads one')
})
