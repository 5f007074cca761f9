import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { parseDuration } from './duration.js'

export type Env = Record<string, string | undefined>

export type TrustProxy = boolean | number | string[]

/**
 * BCRYPT_QUEUE_MAX's default: a bound on memory only. What may wait is set by time (work that cannot
 * finish within SERVER_WRITETIMEOUT is refused), which at cost 10 on two cores is about 200 operations.
 */
export const DEFAULT_QUEUE_MAX = 1000

/** HS256 is the spec's; ES256 (P-256) and EdDSA (Ed25519) are the asymmetric opt-in. */
export const SIGNING_ALGORITHMS = ['HS256', 'ES256', 'EdDSA'] as const
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number]

/** Where the service keeps the private key it generates when JWT_PRIVATE_KEY_FILE is unset. */
const GENERATED_KEY_FILE = '.data/jwt-signing-key.pem'

export interface Config {
  isDevelopment: boolean
  app: { version: string }
  log: { level: string }
  server: {
    host: string
    port: number
    readTimeoutMs: number
    writeTimeoutMs: number
    idleTimeoutMs: number
    shutdownTimeoutMs: number
    /** After SIGTERM, how long readiness answers 503 while requests are still served, before the drain. */
    shutdownDelayMs: number
    /** docs/contract.md: false, true (every hop), a hop count, or the proxies' addresses and CIDR ranges. */
    trustProxy: TrustProxy
  }
  database: {
    /** PostgreSQL when set; the embedded PGlite otherwise. */
    url: string | undefined
    pgliteDataDir: string
    poolMax: number
    /** How long opening a PostgreSQL connection may take before requests fail with 503. */
    connectTimeoutMs: number
    /** false behind a pooler in transaction mode: every statement is sent unnamed. */
    preparedStatements: boolean
    /**
     * SERVER_WRITETIMEOUT again: the longest a statement may run on the server, so one cut off by the
     * request deadline is cancelled there too.
     */
    statementTimeoutMs: number
    migrateOnStart: boolean
    /** How long start-up waits for the migration lock before it gives up. */
    migrateLockTimeoutMs: number
  }
  jwt: {
    secret: string
    /** The secret before the last rotation: still accepted for verification, never used to sign. */
    previousSecret: string | undefined
    /** Signs access tokens: with `secret` (HS256), or with the private key below (ES256, EdDSA). */
    algorithm: SigningAlgorithm
    /** ES256 and EdDSA: the PEM private key, generated there once when `generateKey` (JWT_PRIVATE_KEY_FILE unset). */
    privateKeyFile: string
    generateKey: boolean
    /** ES256 and EdDSA: the key before the last rotation (PEM), still published and accepted, never used to sign. */
    previousPublicKeyFile: string | undefined
    accessTtlSeconds: number
    refreshTtlSeconds: number
    /** How long dead refresh-token families are kept before the purge deletes them. */
    refreshRetentionMs: number
    /** docs/contract.md: a used token presented again this soon gets its unused successor again; 0 is strict. */
    refreshReuseIntervalMs: number
  }
  housekeeping: { intervalMs: number }
  /** How long audit events are kept; 0 keeps them for ever. */
  audit: { retentionMs: number }
  /** docs/contract.md: metrics on a listener of their own, never on the API's port. */
  metrics: { enabled: boolean; host: string; port: number }
  passwords: { bcryptCost: number; minLength: number; workers: number; queueMax: number }
  /** docs/contract.md, Second factor: the key TOTP secrets are sealed under, never JWT_SECRET. */
  mfa: {
    /** Unset: enrolment answers 503 until an operator sets it. */
    encryptionKey: string | undefined
    /** The key before the last rotation: still opens secrets, never seals them. */
    previousEncryptionKey: string | undefined
    /** The name authenticator apps show beside the account. */
    issuer: string
  }
  /** docs/contract.md, Second factor: the relying party passkeys are bound to. */
  webauthn: {
    /** WEBAUTHN_RP_ID: a host name; default PUBLIC_URL's. */
    rpId: string
    /** The name a browser shows when it asks for a passkey: MFA_ISSUER. */
    rpName: string
    /** WEBAUTHN_ORIGINS: the pages' origins a passkey ceremony may come from; default PUBLIC_URL's. */
    origins: string[]
  }
  cors: { origins: '*' | string[] }
  health: { timeoutMs: number; databaseCheckEnabled: boolean }
  rateLimit: { enabled: boolean; requests: number; windowMs: number; redisUrl: string | undefined }
  loginThrottle: {
    enabled: boolean
    /** Failed logins per account (a token bucket: `failures`, refilled evenly over `windowMs`). */
    account: { failures: number; windowMs: number }
    /** Failed logins per client address. */
    address: { failures: number; windowMs: number }
    /** How long an address that logged in to an account is remembered for it. */
    knownAddressTtlMs: number
  }
  /** docs/contract.md, Email and account recovery. */
  mail: {
    /** SMTP_URL: smtp:// or smtps://; unset, nothing is mailed (or, in `npm run dev`, mails go to files). */
    smtpUrl: string | undefined
    from: string
    /** PUBLIC_URL, without a trailing slash: links are built on it. */
    publicUrl: string
    /** PASSWORD_RESET_URL and EMAIL_VERIFICATION_URL: an app's own pages, `{token}` replaced by the token. */
    passwordResetUrl: string | undefined
    emailVerificationUrl: string | undefined
    passwordResetTtlMs: number
    emailVerificationTtlMs: number
    /** `required`: login and refresh of an unverified account are refused. */
    verification: 'optional' | 'required'
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const MIN_SECRET_LENGTH = 32

/**
 * Reads every setting from a plain environment object. Pure: it never touches process.env, so tests
 * pass objects. Throws one ConfigError naming every bad variable.
 */
export function loadConfig(env: Env): Config {
  const problems: string[] = []
  const read = new Reader(env, problems)

  const secret = env.JWT_SECRET ?? ''
  // Counted without surrounding white space, so 32 spaces is no secret.
  const secretLength = secret.trim().length
  if (secretLength === 0) problems.push('JWT_SECRET is required (at least 32 characters)')
  else if (secretLength < MIN_SECRET_LENGTH)
    problems.push(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters (got ${secretLength})`)

  const logLevel = read.optional('LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)

  // docs/contract.md: RATE_LIMIT_* wins over the older RATELIMIT_* spelling when both are set.
  const alias = (name: string) =>
    read.optional(`RATE_LIMIT_${name}`) !== undefined ? `RATE_LIMIT_${name}` : `RATELIMIT_${name}`

  const mfa = readMfa(read, problems, env)
  const mail = readMail(read, problems)
  const config: Config = {
    isDevelopment: env.NODE_ENV === 'development',
    app: { version: read.optional('APP_VERSION') ?? '1.0.0' },
    log: { level: logLevel },
    server: {
      host: read.optional('SERVER_HOST') ?? '0.0.0.0',
      port: read.integer('SERVER_PORT', 8080, 0, 65535),
      readTimeoutMs: read.timeoutMs('SERVER_READTIMEOUT', 10),
      writeTimeoutMs: read.timeoutMs('SERVER_WRITETIMEOUT', 10),
      idleTimeoutMs: read.timeoutMs('SERVER_IDLETIMEOUT', 120),
      shutdownTimeoutMs: read.timeoutMs('SERVER_SHUTDOWNTIMEOUT', 30),
      shutdownDelayMs: read.durationMs('SERVER_SHUTDOWN_DELAY', '0s', false),
      trustProxy: readTrustProxy(read, problems),
    },
    database: readDatabase(read, problems),
    jwt: {
      secret,
      previousSecret: readPreviousSecret(read, problems),
      ...readSigningKeys(read, problems),
      accessTtlSeconds: read.ttl('JWT_ACCESS_TOKEN_TTL', '15m'),
      refreshTtlSeconds: read.ttl('JWT_REFRESH_TOKEN_TTL', '168h'),
      refreshRetentionMs: read.durationMs('REFRESH_TOKEN_RETENTION', '168h', false),
      refreshReuseIntervalMs: read.durationMs('REFRESH_TOKEN_REUSE_INTERVAL', '0s', false),
    },
    housekeeping: { intervalMs: read.durationMs('HOUSEKEEPING_INTERVAL', '1h', false) },
    audit: { retentionMs: read.durationMs('AUDIT_RETENTION', '2160h', false) },
    metrics: {
      enabled: read.boolean('METRICS_ENABLED', true),
      host: read.optional('METRICS_HOST') ?? read.optional('SERVER_HOST') ?? '0.0.0.0',
      port: read.integer('METRICS_PORT', 9464, 0, 65535),
    },
    passwords: readPasswords(read),
    mfa,
    cors: { origins: parseOrigins(read.optional('CORS_ALLOWED_ORIGINS') ?? '*') },
    health: {
      timeoutMs: read.timeoutMs('HEALTH_TIMEOUT', 5, true),
      databaseCheckEnabled: read.boolean('HEALTH_DATABASE_CHECK_ENABLED', true),
    },
    rateLimit: {
      enabled: read.boolean(alias('ENABLED'), false),
      requests: read.integer(alias('REQUESTS'), 50, 1, 1_000_000),
      windowMs: read.durationMs(alias('WINDOW'), '1m', true),
      redisUrl: read.optional('REDIS_URL'),
    },
    loginThrottle: {
      enabled: read.boolean('LOGIN_THROTTLE_ENABLED', true),
      account: {
        failures: read.integer('LOGIN_THROTTLE_ACCOUNT_FAILURES', 10, 1, 1_000_000),
        windowMs: read.durationMs('LOGIN_THROTTLE_ACCOUNT_WINDOW', '1h', true),
      },
      address: {
        failures: read.integer('LOGIN_THROTTLE_ADDRESS_FAILURES', 50, 1, 1_000_000),
        windowMs: read.durationMs('LOGIN_THROTTLE_ADDRESS_WINDOW', '1h', true),
      },
      knownAddressTtlMs: read.durationMs('LOGIN_THROTTLE_KNOWN_ADDRESS_TTL', '720h', true),
    },
    mail,
    webauthn: readWebauthn(read, problems, mail.publicUrl, mfa.issuer),
  }

  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

function readPreviousSecret(read: Reader, problems: string[]): string | undefined {
  const previous = read.optional('JWT_SECRET_PREVIOUS')
  if (previous !== undefined && previous.length < MIN_SECRET_LENGTH)
    problems.push(`JWT_SECRET_PREVIOUS must be at least ${MIN_SECRET_LENGTH} characters (got ${previous.length})`)
  return previous
}

/**
 * MFA_ENCRYPTION_KEY and the key it replaced. A key of its own: a leaked JWT_SECRET (or one shared with
 * the services that verify tokens) must not also open every stored TOTP secret.
 */
function readMfa(read: Reader, problems: string[], env: Env): Config['mfa'] {
  const jwtSecrets = [env.JWT_SECRET, env.JWT_SECRET_PREVIOUS].map((value) => value?.trim()).filter(Boolean)
  const key = (name: string) => {
    const value = read.optional(name)
    if (value === undefined) return undefined
    if (value.length < MIN_SECRET_LENGTH)
      problems.push(`${name} must be at least ${MIN_SECRET_LENGTH} characters (got ${value.length})`)
    else if (jwtSecrets.includes(value)) problems.push(`${name} must not be the JWT secret: give it a key of its own`)
    return value
  }
  const encryptionKey = key('MFA_ENCRYPTION_KEY')
  const previousEncryptionKey = key('MFA_ENCRYPTION_KEY_PREVIOUS')
  if (previousEncryptionKey !== undefined && encryptionKey === undefined)
    problems.push('MFA_ENCRYPTION_KEY_PREVIOUS is used only with MFA_ENCRYPTION_KEY (the key that replaces it)')
  return { encryptionKey, previousEncryptionKey, issuer: read.optional('MFA_ISSUER') ?? 'Account service' }
}

/**
 * JWT_SIGNING_ALG and its key files. A key setting that the algorithm would ignore is refused, so
 * nobody believes they sign with a key they do not: the files belong to ES256 and EdDSA, the previous
 * secret to HS256 (an asymmetric verifier never accepts an HMAC token).
 */
function readSigningKeys(read: Reader, problems: string[]) {
  const text = read.optional('JWT_SIGNING_ALG') ?? 'HS256'
  const algorithm = SIGNING_ALGORITHMS.find((name) => name === text)
  if (!algorithm) problems.push(`JWT_SIGNING_ALG must be one of ${SIGNING_ALGORITHMS.join(', ')} (got "${text}")`)
  const privateKeyFile = read.optional('JWT_PRIVATE_KEY_FILE')
  const previousPublicKeyFile = read.optional('JWT_PREVIOUS_PUBLIC_KEY_FILE')
  if (algorithm === 'HS256') {
    for (const [name, value] of [
      ['JWT_PRIVATE_KEY_FILE', privateKeyFile],
      ['JWT_PREVIOUS_PUBLIC_KEY_FILE', previousPublicKeyFile],
    ])
      if (value !== undefined) problems.push(`${name} is used only with JWT_SIGNING_ALG=ES256 or EdDSA`)
  } else if (algorithm && read.optional('JWT_SECRET_PREVIOUS') !== undefined)
    problems.push(
      `JWT_SECRET_PREVIOUS is used only with JWT_SIGNING_ALG=HS256 (rotate ${algorithm} keys with JWT_PREVIOUS_PUBLIC_KEY_FILE)`,
    )
  return {
    algorithm: algorithm ?? 'HS256',
    privateKeyFile: privateKeyFile ?? GENERATED_KEY_FILE,
    generateKey: privateKeyFile === undefined,
    previousPublicKeyFile,
  }
}

/**
 * Only the database settings: what the migration and administration tools need, without a JWT secret.
 * Throws a ConfigError like loadConfig.
 */
export function loadDatabaseConfig(env: Env): Config['database'] {
  const problems: string[] = []
  const database = readDatabase(new Reader(env, problems), problems)
  if (problems.length > 0) throw new ConfigError(problems)
  return database
}

/** Only the second factor's settings: what the administration tool needs to reseal TOTP secrets. */
export function loadMfaConfig(env: Env): Config['mfa'] {
  const problems: string[] = []
  const mfa = readMfa(new Reader(env, problems), problems, env)
  if (problems.length > 0) throw new ConfigError(problems)
  return mfa
}

/** Only the password settings: what the administration tools need, without a JWT secret. */
export function loadPasswordConfig(env: Env): Config['passwords'] {
  const problems: string[] = []
  const passwords = readPasswords(new Reader(env, problems))
  if (problems.length > 0) throw new ConfigError(problems)
  return passwords
}

function readPasswords(read: Reader): Config['passwords'] {
  return {
    bcryptCost: read.integer('BCRYPT_COST', 10, 4, 15),
    minLength: read.integer('PASSWORD_MIN_LENGTH', 6, 1, 72),
    workers: read.integer('BCRYPT_WORKERS', availableParallelism(), 1, 64),
    queueMax: read.integer('BCRYPT_QUEUE_MAX', DEFAULT_QUEUE_MAX, 1, 100_000),
  }
}

function readDatabase(read: Reader, problems: string[]): Config['database'] {
  const url = read.optional('DATABASE_URL')
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url))
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL')
  return {
    url,
    pgliteDataDir: read.optional('PGLITE_DATA_DIR') ?? '.data/pglite',
    poolMax: read.integer('DATABASE_POOL_MAX', 10, 1, 1000),
    connectTimeoutMs: read.timeoutMs('DATABASE_CONNECT_TIMEOUT', 5, true),
    preparedStatements: read.boolean('DATABASE_PREPARED_STATEMENTS', true),
    // Read again here for the tools, which load only the database settings; loadConfig reports it.
    statementTimeoutMs: read.quietly().timeoutMs('SERVER_WRITETIMEOUT', 10),
    migrateOnStart: read.boolean('DB_MIGRATE_ON_START', true),
    migrateLockTimeoutMs: read.durationMs('DB_MIGRATE_LOCK_TIMEOUT', '60s', true),
  }
}

const SMTP_URL = /^smtps?:\/\/[^/]/
const HTTP_URL = /^https?:\/\/[^/]/

function readMail(read: Reader, problems: string[]): Config['mail'] {
  const smtpUrl = read.optional('SMTP_URL')
  if (smtpUrl !== undefined && !SMTP_URL.test(smtpUrl))
    // Never quoted: the URL may carry the SMTP password.
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL')
  const port = read.quietly().integer('SERVER_PORT', 8080, 0, 65535)
  const publicUrl = (read.optional('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if (!HTTP_URL.test(publicUrl)) problems.push(`PUBLIC_URL must be an http:// or https:// URL (got "${publicUrl}")`)
  const pageUrl = (name: string) => {
    const url = read.optional(name)
    if (url !== undefined && !(HTTP_URL.test(url) && url.includes('{token}')))
      problems.push(`${name} must be an http:// or https:// URL containing {token} (got "${url}")`)
    return url
  }
  const verification = read.optional('EMAIL_VERIFICATION') ?? 'optional'
  if (verification !== 'optional' && verification !== 'required')
    problems.push(`EMAIL_VERIFICATION must be optional or required (got "${verification}")`)
  let host = 'localhost'
  try {
    host = new URL(publicUrl).hostname || host
  } catch {
    // PUBLIC_URL's own problem is reported above.
  }
  return {
    smtpUrl,
    from: read.optional('MAIL_FROM') ?? `no-reply@${host}`,
    publicUrl,
    passwordResetUrl: pageUrl('PASSWORD_RESET_URL'),
    emailVerificationUrl: pageUrl('EMAIL_VERIFICATION_URL'),
    passwordResetTtlMs: read.durationMs('PASSWORD_RESET_TTL', '30m', true),
    emailVerificationTtlMs: read.durationMs('EMAIL_VERIFICATION_TTL', '24h', true),
    verification: verification === 'required' ? 'required' : 'optional',
  }
}

/**
 * The relying party: PUBLIC_URL's host and origin unless WEBAUTHN_RP_ID or WEBAUTHN_ORIGINS say
 * otherwise. Browsers accept a passkey only on an origin whose host is the relying party's id or one of
 * its subdomains, so an origin outside it is a configuration mistake, reported at start-up.
 */
function readWebauthn(read: Reader, problems: string[], publicUrl: string, rpName: string): Config['webauthn'] {
  let publicOrigin: URL | undefined
  try {
    publicOrigin = new URL(publicUrl)
  } catch {
    // PUBLIC_URL's own problem is reported with the mail settings.
  }
  const rpId = (read.optional('WEBAUTHN_RP_ID') ?? publicOrigin?.hostname ?? 'localhost').toLowerCase()
  if (!/^[a-z0-9.-]+$/.test(rpId) || rpId.startsWith('.') || rpId.endsWith('.'))
    problems.push(`WEBAUTHN_RP_ID must be a host name, without scheme or port (got "${rpId}")`)
  const listed = read.optional('WEBAUTHN_ORIGINS')
  const origins = listed === undefined ? (publicOrigin ? [publicOrigin.origin] : []) : []
  for (const entry of listed
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean) ?? []) {
    let origin: URL | undefined
    try {
      origin = HTTP_URL.test(entry) ? new URL(entry) : undefined
    } catch {}
    if (!origin || origin.origin !== entry.replace(/\/+$/, '')) {
      problems.push(`WEBAUTHN_ORIGINS must list http:// or https:// origins, without paths (got "${entry}")`)
      continue
    }
    origins.push(origin.origin)
  }
  for (const origin of origins) {
    const host = new URL(origin).hostname
    if (host !== rpId && !host.endsWith(`.${rpId}`))
      problems.push(`WEBAUTHN_ORIGINS: ${origin} is not on WEBAUTHN_RP_ID ${rpId} or one of its subdomains`)
  }
  if (listed !== undefined && origins.length === 0) problems.push('WEBAUTHN_ORIGINS must list at least one origin')
  return { rpId, rpName, origins }
}

/** proxy-addr's names for the private ranges, accepted in the TRUST_PROXY list as Express accepts them. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

function readTrustProxy(read: Reader, problems: string[]): TrustProxy {
  const text = read.optional('TRUST_PROXY')
  if (text === undefined) return false
  const lower = text.toLowerCase()
  if (['true', 'yes', 'on'].includes(lower)) return true
  if (['false', 'no', 'off'].includes(lower)) return false
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text)
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length > 0 && entries.every((entry) => NAMED_RANGES.includes(entry) || isAddressOrRange(entry)))
    return entries
  problems.push(
    `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (got "${text}")`,
  )
  return false
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

function parseOrigins(text: string): '*' | string[] {
  const origins = text
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  return origins.length === 0 || origins.includes('*') ? '*' : origins
}

/** Reads one variable at a time, recording a problem and returning the default when it is malformed. */
class Reader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  /** The same variables, with problems left to whoever reads them for their own setting. */
  quietly(): Reader {
    return new Reader(this.env, [])
  }

  optional(name: string): string | undefined {
    const value = this.env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const text = this.optional(name)
    if (text === undefined) return fallback
    const value = Number(text)
    if (!/^-?\d+$/.test(text) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`)
      return fallback
    }
    return value
  }

  boolean(name: string, fallback: boolean): boolean {
    const text = this.optional(name)?.toLowerCase()
    if (text === undefined) return fallback
    if (['true', '1', 'yes', 'on'].includes(text)) return true
    if (['false', '0', 'no', 'off'].includes(text)) return false
    this.problems.push(`${name} must be true or false (got "${text}")`)
    return fallback
  }

  /** Go duration text, in milliseconds; `positive` rejects zero. */
  durationMs(name: string, fallback: string, positive: boolean): number {
    const text = this.optional(name) ?? fallback
    const ms = parseDuration(text)
    if (ms === null || (positive && ms <= 0)) {
      this.problems.push(
        `${name} must be a ${positive ? 'positive ' : ''}duration such as 30s, 15m or 1h30m (got "${text}")`,
      )
      return parseDuration(fallback) as number
    }
    return ms
  }

  /** A timeout given as whole seconds (`10`) or duration text (`10s`, `1m`), in milliseconds; `positive` rejects zero. */
  timeoutMs(name: string, fallbackSeconds: number, positive = false): number {
    const text = this.optional(name)
    if (text === undefined) return fallbackSeconds * 1000
    const ms = /^\d+$/.test(text) ? Number(text) * 1000 : parseDuration(text)
    if (ms === null || (positive && ms <= 0)) {
      const kind = positive ? 'positive whole seconds' : 'whole seconds'
      this.problems.push(`${name} must be ${kind} or a duration such as 10s (got "${text}")`)
      return fallbackSeconds * 1000
    }
    return ms
  }

  /** A token lifetime: duration text of at least one second, in whole seconds. */
  ttl(name: string, fallback: string): number {
    const ms = this.durationMs(name, fallback, true)
    if (ms < 1000) {
      this.problems.push(`${name} must be at least 1s`)
      return (parseDuration(fallback) as number) / 1000
    }
    return Math.floor(ms / 1000)
  }
}
