/**
 * Better Auth as the benchmark's peer: email and password on PostgreSQL through its own `pg` pool,
 * served by node:http through its Node handler, configured as a deployment would be (its secret, its
 * base URL, its bearer plugin, telemetry off). Two choices are the benchmark's: passwords are bcrypt at
 * the service's cost in place of its default scrypt, so a login costs both the same hash, and its rate
 * limiter is off, as the service's is in the benchmark (every request comes from one address).
 * `--migrate` creates its tables and exits. Settings come from the environment (BENCH_PEER_* choose
 * the session variants the benchmark compares).
 */
import { createServer } from 'node:http'
import bcrypt from 'bcryptjs'
import { type BetterAuthOptions, betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { toNodeHandler } from 'better-auth/node'
import { bearer, jwt } from 'better-auth/plugins'
import pg from 'pg'

function setting(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`${name} is required`)
  return value
}
const on = (name: string) => process.env[name] === 'true'

const migrating = process.argv.includes('--migrate')
const port = Number(setting('SERVER_PORT', '0'))
const cost = Number(setting('BCRYPT_COST', '10'))
const updateAge = process.env.BENCH_PEER_SESSION_UPDATE_AGE

const options: BetterAuthOptions = {
  baseURL: `http://127.0.0.1:${port}`,
  secret: setting('BETTER_AUTH_SECRET'),
  database: new pg.Pool({
    connectionString: setting('DATABASE_URL'),
    max: Number(setting('DATABASE_POOL_MAX', '10')),
  }),
  emailAndPassword: {
    enabled: true,
    password: {
      hash: (password) => bcrypt.hash(password, cost),
      verify: ({ hash, password }) => bcrypt.compare(password, hash),
    },
  },
  session: {
    // 0 renews the session on every read: how its renewal is measured.
    ...(updateAge !== undefined ? { updateAge: Number(updateAge) } : {}),
    // Longer than a benchmark, so a cached session never falls back to the database mid-run.
    ...(on('BENCH_PEER_COOKIE_CACHE') ? { cookieCache: { enabled: true, maxAge: 6 * 3600 } } : {}),
  },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  // The JWT plugin also signs a token on every get-session unless told not to: its reads are measured
  // without it, and its tokens on /token alone.
  plugins: [bearer(), ...(migrating || on('BENCH_PEER_JWT') ? [jwt({ disableSettingJwtHeader: true })] : [])],
}

if (migrating) {
  const { runMigrations } = await getMigrations(options)
  await runMigrations()
  await (options.database as pg.Pool).end()
} else {
  const auth = betterAuth(options)
  createServer(toNodeHandler(auth)).listen(port, '127.0.0.1')
  // Gone with the benchmark that started it, however that ended.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) process.exit(1)
  }, 1000).unref()
}
