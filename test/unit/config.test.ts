import { availableParallelism } from 'node:os'
import t, { type Test } from 'tap'
import { ConfigError, type Env, loadConfig } from '../../src/config.js'

const SECRET = 'a'.repeat(32)

/** loadConfig with a valid secret, so each test changes only what it is about. */
const load = (env: Env = {}) => loadConfig({ JWT_SECRET: SECRET, ...env })

/** The ConfigError that loadConfig throws for this environment (fails the test when it does not throw). */
function refusal(t: Test, env: Env): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  t.fail('loadConfig accepted the environment')
  return new ConfigError([])
}

/** The problems reported for an environment that is valid apart from `env`. */
const problemsWith = (t: Test, env: Env) => refusal(t, { JWT_SECRET: SECRET, ...env }).problems

t.test('defaults: only JWT_SECRET set', async (t) => {
  t.same(load(), {
    isDevelopment: false,
    app: { version: '1.0.0' },
    log: { level: 'info' },
    server: {
      host: '0.0.0.0',
      port: 8080,
      readTimeoutMs: 10_000,
      writeTimeoutMs: 10_000,
      idleTimeoutMs: 120_000,
      shutdownTimeoutMs: 30_000,
      shutdownDelayMs: 0,
      trustProxy: false,
    },
    database: {
      url: undefined,
      pgliteDataDir: '.data/pglite',
      poolMax: 10,
      connectTimeoutMs: 5000,
      preparedStatements: true,
      statementTimeoutMs: 10_000,
      migrateOnStart: true,
      migrateLockTimeoutMs: 60_000,
    },
    jwt: {
      secret: SECRET,
      previousSecret: undefined,
      algorithm: 'HS256',
      privateKeyFile: '.data/jwt-signing-key.pem',
      generateKey: true,
      previousPublicKeyFile: undefined,
      accessTtlSeconds: 900,
      refreshTtlSeconds: 168 * 3600,
      refreshRetentionMs: 168 * 3_600_000,
      refreshReuseIntervalMs: 0,
    },
    housekeeping: { intervalMs: 3_600_000 },
    audit: { retentionMs: 2160 * 3_600_000 },
    metrics: { enabled: true, host: '0.0.0.0', port: 9464 },
    passwords: { bcryptCost: 10, minLength: 6, workers: availableParallelism(), queueMax: 1000 },
    mfa: { encryptionKey: undefined, previousEncryptionKey: undefined, issuer: 'Account service' },
    cors: { origins: '*' },
    health: { timeoutMs: 5000, databaseCheckEnabled: true },
    rateLimit: { enabled: false, requests: 50, windowMs: 60_000, redisUrl: undefined },
    loginThrottle: {
      enabled: true,
      account: { failures: 10, windowMs: 3_600_000 },
      address: { failures: 50, windowMs: 3_600_000 },
      knownAddressTtlMs: 720 * 3_600_000,
    },
    mail: {
      smtpUrl: undefined,
      from: 'no-reply@localhost',
      publicUrl: 'http://localhost:8080',
      passwordResetUrl: undefined,
      emailVerificationUrl: undefined,
      passwordResetTtlMs: 30 * 60_000,
      emailVerificationTtlMs: 24 * 3_600_000,
      verification: 'optional',
    },
    webauthn: { rpId: 'localhost', rpName: 'Account service', origins: ['http://localhost:8080'] },
  })
})

t.test('mail settings: links on PUBLIC_URL or an app’s pages, and bad values named', async (t) => {
  const config = load({
    SMTP_URL: 'smtps://user:secret@mail.example.com:465',
    PUBLIC_URL: 'https://accounts.example.com/',
    PASSWORD_RESET_URL: 'https://app.example.com/reset?token={token}',
    PASSWORD_RESET_TTL: '15m',
    EMAIL_VERIFICATION: 'required',
  })
  t.equal(config.mail.publicUrl, 'https://accounts.example.com', 'without the trailing slash')
  t.equal(config.mail.from, 'no-reply@accounts.example.com', 'MAIL_FROM defaults to the public host')
  t.equal(config.mail.passwordResetTtlMs, 15 * 60_000)
  t.equal(config.mail.verification, 'required')
  t.equal(load({ SERVER_PORT: '9000' }).mail.publicUrl, 'http://localhost:9000')
  const error = t.throws(() =>
    load({
      SMTP_URL: 'http://user:hunter2@mail.example.com',
      PASSWORD_RESET_URL: 'https://app.example.com/reset',
      EMAIL_VERIFICATION: 'sometimes',
    }),
  ) as Error
  t.match(error.message, 'SMTP_URL must be an smtp:// or smtps:// URL')
  t.notMatch(error.message, 'hunter2', 'the SMTP password is never quoted')
  t.match(error.message, 'PASSWORD_RESET_URL must be an http:// or https:// URL containing {token}')
  t.match(error.message, 'EMAIL_VERIFICATION must be optional or required')
})

t.test('passkeys: the relying party and origins from PUBLIC_URL, or as set, and bad values named', async (t) => {
  t.same(load({ PUBLIC_URL: 'https://accounts.example.com/base/', MFA_ISSUER: 'Example' }).webauthn, {
    rpId: 'accounts.example.com',
    rpName: 'Example',
    origins: ['https://accounts.example.com'],
  })
  t.same(
    load({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://app.example.com, https://example.com:8443' })
      .webauthn,
    {
      rpId: 'example.com',
      rpName: 'Account service',
      origins: ['https://app.example.com', 'https://example.com:8443'],
    },
    'subdomains and ports of the relying party',
  )
  const problems = problemsWith(t, {
    WEBAUTHN_RP_ID: 'https://example.com',
    WEBAUTHN_ORIGINS: 'https://example.com/login',
  })
  t.match(problems, [/WEBAUTHN_RP_ID must be a host name/, /WEBAUTHN_ORIGINS must list http/])
  t.match(problemsWith(t, { WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://example.org' }), [
    /https:\/\/example.org is not on WEBAUTHN_RP_ID example.com/,
  ])
  t.match(
    problemsWith(t, { WEBAUTHN_RP_ID: 'example.com' }),
    [/http:\/\/localhost:8080 is not on WEBAUTHN_RP_ID example.com/],
    'PUBLIC_URL’s origin is checked too',
  )
})

t.test('empty and blank values count as unset; values are trimmed', async (t) => {
  const config = load({ SERVER_PORT: '', BCRYPT_COST: '   ', LOG_LEVEL: ' debug ', SERVER_HOST: ' 127.0.0.1 ' })
  t.equal(config.server.port, 8080)
  t.equal(config.passwords.bcryptCost, 10)
  t.equal(config.log.level, 'debug')
  t.equal(config.server.host, '127.0.0.1')
})

t.test('every setting is read from its variable', async (t) => {
  const config = load({
    NODE_ENV: 'development',
    APP_VERSION: '2.3.4',
    LOG_LEVEL: 'warn',
    SERVER_HOST: '127.0.0.1',
    SERVER_PORT: '9090',
    TRUST_PROXY: 'true',
    DATABASE_URL: 'postgresql://svc:pw@db.internal:5433/accounts',
    PGLITE_DATA_DIR: 'memory://',
    DATABASE_POOL_MAX: '25',
    DB_MIGRATE_ON_START: 'false',
    DATABASE_PREPARED_STATEMENTS: 'false',
    DB_MIGRATE_LOCK_TIMEOUT: '90s',
    SERVER_SHUTDOWN_DELAY: '5s',
    BCRYPT_COST: '12',
    PASSWORD_MIN_LENGTH: '8',
    BCRYPT_WORKERS: '3',
    HEALTH_DATABASE_CHECK_ENABLED: 'false',
    REDIS_URL: 'redis://cache:6379',
    REFRESH_TOKEN_RETENTION: '24h',
    REFRESH_TOKEN_REUSE_INTERVAL: '10s',
    HOUSEKEEPING_INTERVAL: '0',
    AUDIT_RETENTION: '720h',
  })
  t.match(config, {
    isDevelopment: true,
    app: { version: '2.3.4' },
    log: { level: 'warn' },
    server: { host: '127.0.0.1', port: 9090, trustProxy: true, shutdownDelayMs: 5000 },
    database: {
      url: 'postgresql://svc:pw@db.internal:5433/accounts',
      pgliteDataDir: 'memory://',
      poolMax: 25,
      migrateOnStart: false,
      preparedStatements: false,
      migrateLockTimeoutMs: 90_000,
    },
    passwords: { bcryptCost: 12, minLength: 8, workers: 3 },
    health: { databaseCheckEnabled: false },
    rateLimit: { redisUrl: 'redis://cache:6379' },
    jwt: { refreshRetentionMs: 24 * 3_600_000, refreshReuseIntervalMs: 10_000 },
    housekeeping: { intervalMs: 0 },
    audit: { retentionMs: 720 * 3_600_000 },
  })
  t.equal(load({ NODE_ENV: 'production' }).isDevelopment, false)
  t.equal(load({}).audit.retentionMs, 2160 * 3_600_000, 'AUDIT_RETENTION defaults to 90 days')
  t.equal(load({ AUDIT_RETENTION: '0' }).audit.retentionMs, 0, '0 keeps audit events for ever')
  t.throws(() => load({ AUDIT_RETENTION: '90d' }), /AUDIT_RETENTION must be a duration/)
})

t.test('the metrics listener: METRICS_HOST defaults to SERVER_HOST, METRICS_PORT to 9464', async (t) => {
  t.same(load({ SERVER_HOST: '10.0.0.5' }).metrics, { enabled: true, host: '10.0.0.5', port: 9464 })
  t.same(load({ SERVER_HOST: '10.0.0.5', METRICS_HOST: '127.0.0.1', METRICS_PORT: '9100' }).metrics, {
    enabled: true,
    host: '127.0.0.1',
    port: 9100,
  })
  t.equal(load({ METRICS_PORT: '0' }).metrics.port, 0, 'any free port')
  t.equal(load({ METRICS_ENABLED: 'false' }).metrics.enabled, false)
  t.match(problemsWith(t, { METRICS_PORT: '70000' }), [/^METRICS_PORT must be a whole number from 0 to 65535/])
})

t.test('the bounds of numeric settings are inclusive', async (t) => {
  t.equal(load({ BCRYPT_COST: '4' }).passwords.bcryptCost, 4)
  t.equal(load({ BCRYPT_COST: '15' }).passwords.bcryptCost, 15)
  t.equal(load({ SERVER_PORT: '0' }).server.port, 0)
  t.equal(load({ SERVER_PORT: '65535' }).server.port, 65535)
  t.equal(load({ PASSWORD_MIN_LENGTH: '72' }).passwords.minLength, 72)
})

t.test('booleans accept true/false, 1/0, yes/no, on/off in any case', async (t) => {
  for (const text of ['true', 'TRUE', '1', 'yes', 'On'])
    t.equal(load({ METRICS_ENABLED: text }).metrics.enabled, true, text)
  for (const text of ['false', 'False', '0', 'no', 'OFF'])
    t.equal(load({ DB_MIGRATE_ON_START: text }).database.migrateOnStart, false, text)
})

t.test('TRUST_PROXY: false, true, a hop count, or a list of proxy addresses and CIDR ranges', async (t) => {
  const trust = (text: string) => load({ TRUST_PROXY: text }).server.trustProxy
  t.equal(load({}).server.trustProxy, false, 'off by default')
  t.equal(trust('false'), false)
  t.equal(trust('0'), false, 'no hop trusted')
  t.equal(trust('true'), true)
  t.equal(trust('yes'), true)
  t.equal(trust('1'), 1, 'one hop: the proxy in front')
  t.equal(trust('2'), 2)
  t.same(trust('10.0.0.1'), ['10.0.0.1'])
  t.same(trust(' 10.0.0.0/8, 2001:db8::/32 ,loopback, ::1 '), ['10.0.0.0/8', '2001:db8::/32', 'loopback', '::1'])
})

t.test('the hash queue and the login throttle have defaults, the throttle on', async (t) => {
  const config = load({})
  t.equal(config.passwords.queueMax, 1000)
  t.same(config.loginThrottle, {
    enabled: true,
    account: { failures: 10, windowMs: 3_600_000 },
    address: { failures: 50, windowMs: 3_600_000 },
    knownAddressTtlMs: 720 * 3_600_000,
  })
  const tuned = load({
    BCRYPT_QUEUE_MAX: '8',
    LOGIN_THROTTLE_ENABLED: 'false',
    LOGIN_THROTTLE_ACCOUNT_FAILURES: '5',
    LOGIN_THROTTLE_ACCOUNT_WINDOW: '24h',
    LOGIN_THROTTLE_ADDRESS_FAILURES: '100',
    LOGIN_THROTTLE_ADDRESS_WINDOW: '15m',
    LOGIN_THROTTLE_KNOWN_ADDRESS_TTL: '168h',
  })
  t.equal(tuned.passwords.queueMax, 8)
  t.same(tuned.loginThrottle, {
    enabled: false,
    account: { failures: 5, windowMs: 86_400_000 },
    address: { failures: 100, windowMs: 900_000 },
    knownAddressTtlMs: 168 * 3_600_000,
  })
})

t.test('token lifetimes take Go duration text', async (t) => {
  for (const [text, seconds] of [
    ['30s', 30],
    ['15m', 900],
    ['1h30m', 5400],
    ['168h', 604_800],
    ['1.5h', 5400],
    ['2500ms', 2],
  ] as const) {
    t.equal(load({ JWT_ACCESS_TOKEN_TTL: text }).jwt.accessTtlSeconds, seconds, `access ${text}`)
    t.equal(load({ JWT_REFRESH_TOKEN_TTL: text }).jwt.refreshTtlSeconds, seconds, `refresh ${text}`)
  }
})

t.test('the rate limit window takes Go duration text, milliseconds included', async (t) => {
  for (const [text, ms] of [
    ['900ms', 900],
    ['30s', 30_000],
    ['15m', 900_000],
    ['1h30m', 5_400_000],
    ['168h', 604_800_000],
  ] as const)
    t.equal(load({ RATE_LIMIT_WINDOW: text }).rateLimit.windowMs, ms, text)
})

t.test('server timeouts and HEALTH_TIMEOUT take whole seconds or duration text', async (t) => {
  const variables = [
    ['SERVER_READTIMEOUT', 'readTimeoutMs'],
    ['SERVER_WRITETIMEOUT', 'writeTimeoutMs'],
    ['SERVER_IDLETIMEOUT', 'idleTimeoutMs'],
    ['SERVER_SHUTDOWNTIMEOUT', 'shutdownTimeoutMs'],
  ] as const
  for (const [name, field] of variables) {
    t.equal(load({ [name]: '15' }).server[field], 15_000, `${name}=15`)
    t.equal(load({ [name]: '15s' }).server[field], 15_000, `${name}=15s`)
    t.equal(load({ [name]: '2m' }).server[field], 120_000, `${name}=2m`)
    t.equal(load({ [name]: '1500ms' }).server[field], 1500, `${name}=1500ms`)
  }
  t.equal(load({ HEALTH_TIMEOUT: '3' }).health.timeoutMs, 3000)
  t.equal(load({ HEALTH_TIMEOUT: '250ms' }).health.timeoutMs, 250)
  t.equal(load({ HEALTH_TIMEOUT: '1m' }).health.timeoutMs, 60_000)
})

t.test('CORS_ALLOWED_ORIGINS is * or a comma-separated list', async (t) => {
  t.same(load({ CORS_ALLOWED_ORIGINS: 'https://a.example, https://b.example ,' }).cors.origins, [
    'https://a.example',
    'https://b.example',
  ])
  t.equal(load({ CORS_ALLOWED_ORIGINS: '*' }).cors.origins, '*')
  t.equal(load({ CORS_ALLOWED_ORIGINS: 'https://a.example,*' }).cors.origins, '*', 'a * anywhere allows all')
  t.equal(load({ CORS_ALLOWED_ORIGINS: ' , ' }).cors.origins, '*', 'an empty list is the default')
})

t.test('RATE_LIMIT_* and the older RATELIMIT_* spelling', async (t) => {
  t.match(load({ RATELIMIT_ENABLED: 'true', RATELIMIT_REQUESTS: '7', RATELIMIT_WINDOW: '30s' }).rateLimit, {
    enabled: true,
    requests: 7,
    windowMs: 30_000,
  })
  t.match(
    load({
      RATE_LIMIT_ENABLED: 'false',
      RATELIMIT_ENABLED: 'true',
      RATE_LIMIT_REQUESTS: '100',
      RATELIMIT_REQUESTS: '7',
      RATE_LIMIT_WINDOW: '1h',
      RATELIMIT_WINDOW: '30s',
    }).rateLimit,
    { enabled: false, requests: 100, windowMs: 3_600_000 },
    'RATE_LIMIT_* wins when both are set',
  )
  t.match(
    problemsWith(t, { RATELIMIT_REQUESTS: 'many' }),
    [/^RATELIMIT_REQUESTS /],
    'a refusal names the variable used',
  )
  t.equal(
    load({ RATE_LIMIT_REQUESTS: '100', RATELIMIT_REQUESTS: 'many' }).rateLimit.requests,
    100,
    'the ignored spelling is not read at all',
  )
})

t.test('JWT_SECRET is required and at least 32 characters', async (t) => {
  t.same(refusal(t, {}).problems, ['JWT_SECRET is required (at least 32 characters)'])
  t.same(refusal(t, { JWT_SECRET: '' }).problems, ['JWT_SECRET is required (at least 32 characters)'])
  t.same(refusal(t, { JWT_SECRET: 'x'.repeat(31) }).problems, ['JWT_SECRET must be at least 32 characters (got 31)'])
  t.equal(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwt.secret, 'x'.repeat(32))
})

t.test('JWT_SIGNING_ALG: HS256 by default, or ES256 and EdDSA with their key files', async (t) => {
  for (const algorithm of ['HS256', 'ES256', 'EdDSA'])
    t.equal(load({ JWT_SIGNING_ALG: algorithm }).jwt.algorithm, algorithm, algorithm)
  t.match(
    load({
      JWT_SIGNING_ALG: 'ES256',
      JWT_PRIVATE_KEY_FILE: '/run/secrets/jwt.pem',
      JWT_PREVIOUS_PUBLIC_KEY_FILE: 'old.pem',
    }).jwt,
    { privateKeyFile: '/run/secrets/jwt.pem', generateKey: false, previousPublicKeyFile: 'old.pem' },
  )
  t.match(
    load({ JWT_SIGNING_ALG: 'EdDSA' }).jwt,
    { privateKeyFile: '.data/jwt-signing-key.pem', generateKey: true },
    'without a key file, one is generated in the data directory',
  )
  t.equal(load({ JWT_SIGNING_ALG: 'ES256' }).jwt.secret, SECRET, 'JWT_SECRET is still required and read')
  t.same(refusal(t, { JWT_SIGNING_ALG: 'ES256' }).problems, ['JWT_SECRET is required (at least 32 characters)'])
})

t.test(
  'MFA_ENCRYPTION_KEY: 32 characters or more, never the JWT secret; the previous one only beside it',
  async (t) => {
    const key = 'k'.repeat(32)
    t.same(load({ MFA_ENCRYPTION_KEY: key, MFA_ENCRYPTION_KEY_PREVIOUS: 'p'.repeat(40), MFA_ISSUER: 'Example' }).mfa, {
      encryptionKey: key,
      previousEncryptionKey: 'p'.repeat(40),
      issuer: 'Example',
    })
    const refused: [Env, RegExp][] = [
      [{ MFA_ENCRYPTION_KEY: 'short' }, /^MFA_ENCRYPTION_KEY must be at least 32 characters \(got 5\)$/],
      [{ MFA_ENCRYPTION_KEY: SECRET }, /^MFA_ENCRYPTION_KEY must not be the JWT secret/],
      [
        { MFA_ENCRYPTION_KEY: key, JWT_SECRET_PREVIOUS: 'q'.repeat(32), MFA_ENCRYPTION_KEY_PREVIOUS: 'q'.repeat(32) },
        /^MFA_ENCRYPTION_KEY_PREVIOUS must not be the JWT secret/,
      ],
      [{ MFA_ENCRYPTION_KEY_PREVIOUS: key }, /^MFA_ENCRYPTION_KEY_PREVIOUS is used only with MFA_ENCRYPTION_KEY/],
    ]
    for (const [env, message] of refused)
      t.ok(
        problemsWith(t, env).some((problem) => message.test(problem)),
        JSON.stringify(env),
      )
  },
)

t.test('each malformed value is refused with a message naming its variable', async (t) => {
  const cases: [Env, RegExp][] = [
    [{ SERVER_PORT: 'http' }, /^SERVER_PORT must be a whole number from 0 to 65535 \(got "http"\)$/],
    [{ SERVER_PORT: '65536' }, /^SERVER_PORT must be a whole number/],
    [{ SERVER_PORT: '80.5' }, /^SERVER_PORT must be a whole number/],
    [{ SERVER_PORT: '-1' }, /^SERVER_PORT must be a whole number/],
    [{ BCRYPT_COST: '3' }, /^BCRYPT_COST must be a whole number from 4 to 15 \(got "3"\)$/],
    [{ BCRYPT_COST: '16' }, /^BCRYPT_COST must be a whole number from 4 to 15/],
    [{ PASSWORD_MIN_LENGTH: '0' }, /^PASSWORD_MIN_LENGTH must be a whole number from 1 to 72/],
    [{ PASSWORD_MIN_LENGTH: '73' }, /^PASSWORD_MIN_LENGTH must be a whole number from 1 to 72/],
    [{ DATABASE_POOL_MAX: '0' }, /^DATABASE_POOL_MAX must be a whole number/],
    [{ RATE_LIMIT_REQUESTS: '0' }, /^RATE_LIMIT_REQUESTS must be a whole number/],
    [
      { TRUST_PROXY: 'maybe' },
      /^TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges \(got "maybe"\)$/,
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY must be true, false, a hop count/],
    [{ TRUST_PROXY: '10.0.0.1, 300.1.1.1' }, /^TRUST_PROXY must be true, false, a hop count/],
    [{ TRUST_PROXY: '-1' }, /^TRUST_PROXY must be true, false, a hop count/],
    [{ BCRYPT_QUEUE_MAX: '0' }, /^BCRYPT_QUEUE_MAX must be a whole number from 1/],
    [{ LOGIN_THROTTLE_ACCOUNT_FAILURES: '0' }, /^LOGIN_THROTTLE_ACCOUNT_FAILURES must be a whole number/],
    [{ LOGIN_THROTTLE_ADDRESS_WINDOW: '0s' }, /^LOGIN_THROTTLE_ADDRESS_WINDOW must be a positive duration/],
    [{ LOGIN_THROTTLE_ENABLED: 'sometimes' }, /^LOGIN_THROTTLE_ENABLED must be true or false/],
    [{ RATE_LIMIT_ENABLED: 'enabled' }, /^RATE_LIMIT_ENABLED must be true or false/],
    [{ HEALTH_DATABASE_CHECK_ENABLED: '2' }, /^HEALTH_DATABASE_CHECK_ENABLED must be true or false/],
    [{ DB_MIGRATE_ON_START: 'y' }, /^DB_MIGRATE_ON_START must be true or false/],
    [{ JWT_ACCESS_TOKEN_TTL: '15' }, /^JWT_ACCESS_TOKEN_TTL must be a positive duration such as 30s, 15m or 1h30m/],
    [{ JWT_ACCESS_TOKEN_TTL: '15 minutes' }, /^JWT_ACCESS_TOKEN_TTL must be a positive duration/],
    [{ JWT_ACCESS_TOKEN_TTL: '0s' }, /^JWT_ACCESS_TOKEN_TTL must be a positive duration/],
    [{ JWT_ACCESS_TOKEN_TTL: '-15m' }, /^JWT_ACCESS_TOKEN_TTL must be a positive duration/],
    [{ JWT_ACCESS_TOKEN_TTL: '900ms' }, /^JWT_ACCESS_TOKEN_TTL must be at least 1s$/],
    [{ JWT_REFRESH_TOKEN_TTL: '7d' }, /^JWT_REFRESH_TOKEN_TTL must be a positive duration/],
    [{ RATE_LIMIT_WINDOW: '0' }, /^RATE_LIMIT_WINDOW must be a positive duration/],
    [{ RATE_LIMIT_WINDOW: 'minute' }, /^RATE_LIMIT_WINDOW must be a positive duration/],
    [{ SERVER_READTIMEOUT: '1.5' }, /^SERVER_READTIMEOUT must be whole seconds or a duration such as 10s/],
    [{ SERVER_WRITETIMEOUT: 'ten' }, /^SERVER_WRITETIMEOUT must be whole seconds or a duration/],
    [{ SERVER_IDLETIMEOUT: '-5' }, /^SERVER_IDLETIMEOUT must be whole seconds or a duration/],
    [{ SERVER_SHUTDOWNTIMEOUT: '30 s' }, /^SERVER_SHUTDOWNTIMEOUT must be whole seconds or a duration/],
    [{ HEALTH_TIMEOUT: '5sec' }, /^HEALTH_TIMEOUT must be (positive )?whole seconds or a duration/],
    [{ DATABASE_URL: 'mysql://db/accounts' }, /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/],
    [{ DATABASE_URL: 'localhost:5432' }, /^DATABASE_URL must be a postgres/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent$/],
    [{ JWT_SIGNING_ALG: 'RS256' }, /^JWT_SIGNING_ALG must be one of HS256, ES256, EdDSA \(got "RS256"\)$/],
    [{ JWT_SIGNING_ALG: 'none' }, /^JWT_SIGNING_ALG must be one of/],
    [{ JWT_SIGNING_ALG: 'es256' }, /^JWT_SIGNING_ALG must be one of/],
    [{ JWT_PRIVATE_KEY_FILE: 'key.pem' }, /^JWT_PRIVATE_KEY_FILE is used only with JWT_SIGNING_ALG=ES256 or EdDSA$/],
    [
      { JWT_PREVIOUS_PUBLIC_KEY_FILE: 'old.pem' },
      /^JWT_PREVIOUS_PUBLIC_KEY_FILE is used only with JWT_SIGNING_ALG=ES256/,
    ],
    [
      { JWT_SIGNING_ALG: 'EdDSA', JWT_SECRET_PREVIOUS: 'p'.repeat(32) },
      /^JWT_SECRET_PREVIOUS is used only with JWT_SIGNING_ALG=HS256 \(rotate EdDSA keys with JWT_PREVIOUS_PUBLIC_KEY_FILE\)$/,
    ],
  ]
  for (const [env, message] of cases) {
    const problems = problemsWith(t, env)
    t.equal(problems.length, 1, `one problem for ${JSON.stringify(env)}`)
    t.match(problems[0], message)
  }
})

t.test('one ConfigError names every bad variable at once', async (t) => {
  const error = refusal(t, {
    JWT_SECRET: 'short',
    SERVER_PORT: 'http',
    BCRYPT_COST: '99',
    TRUST_PROXY: 'maybe',
    JWT_ACCESS_TOKEN_TTL: '15',
    SERVER_READTIMEOUT: 'soon',
    DATABASE_URL: 'mysql://db',
    LOG_LEVEL: 'loud',
  })
  t.equal(error.name, 'ConfigError')
  t.ok(error instanceof Error)
  const names = [
    'JWT_SECRET',
    'SERVER_PORT',
    'BCRYPT_COST',
    'TRUST_PROXY',
    'JWT_ACCESS_TOKEN_TTL',
    'SERVER_READTIMEOUT',
    'DATABASE_URL',
    'LOG_LEVEL',
  ]
  t.equal(error.problems.length, names.length, 'one problem per bad variable')
  for (const name of names) {
    t.ok(
      error.problems.some((problem) => problem.startsWith(`${name} `)),
      `a problem names ${name}`,
    )
    t.match(error.message, name, `the message names ${name}`)
  }
  t.match(error.message, /^Invalid configuration: /)
  t.notMatch(error.message, /\n/, 'the message is one line')
})

t.test('REFRESH_TOKEN_REUSE_INTERVAL is duration text, 0s (strict single use) unless set', async (t) => {
  t.equal(load().jwt.refreshReuseIntervalMs, 0)
  t.equal(load({ REFRESH_TOKEN_REUSE_INTERVAL: '0' }).jwt.refreshReuseIntervalMs, 0)
  t.equal(load({ REFRESH_TOKEN_REUSE_INTERVAL: '2.5s' }).jwt.refreshReuseIntervalMs, 2500)
  t.match(problemsWith(t, { REFRESH_TOKEN_REUSE_INTERVAL: 'ten seconds' }), [
    /^REFRESH_TOKEN_REUSE_INTERVAL must be a duration/,
  ])
  t.match(problemsWith(t, { REFRESH_TOKEN_REUSE_INTERVAL: '-5s' }), [
    /^REFRESH_TOKEN_REUSE_INTERVAL must be a duration/,
  ])
})
