/**
 * The benchmark's data, written straight into PostgreSQL: a database of its own, users with their
 * todos and signed access tokens, and refresh tokens whose raw values only the benchmark knows.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import postgres from 'postgres'
import { signAccessToken } from './baselines/jwt.js'

export type Sql = postgres.Sql

export const BENCH_PASSWORD = 'bench-password-1'
/** Longer than any run, so no access token expires mid-benchmark. */
const ACCESS_TOKEN_TTL_SECONDS = 6 * 3600
const REFRESH_TOKEN_TTL_MS = 168 * 3600 * 1000
const CHUNK = 5000

export interface BenchUser {
  id: number
  name: string
  email: string
  roles: string[]
  accessToken: string
}

export const open = (url: string, max = 4) => postgres(url, { max, connect_timeout: 5, onnotice: () => {} })

export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = open(adminUrl, 1)
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** Drops the database, closing whatever sessions are still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = open(adminUrl, 1)
  try {
    await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}"`)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

export const hashPassword = (cost: number) => bcrypt.hash(BENCH_PASSWORD, cost)

/**
 * Inserts `count` users holding the `user` role, all with the given password hash, each with
 * `todosEach` todos a second apart (so the newest-first order is fixed), and signs an access token for each.
 */
export async function seedUsers(
  sql: Sql,
  {
    prefix,
    count,
    todosEach,
    passwordHash,
    secret,
  }: {
    prefix: string
    count: number
    todosEach: number
    passwordHash: string
    secret: string
  },
): Promise<BenchUser[]> {
  const users: BenchUser[] = []
  for (let first = 0; first < count; first += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - first) }, (_, i) => ({
      name: `Bench ${prefix} ${first + i}`,
      email: `bench-${prefix}-${first + i}@example.com`,
      password_hash: passwordHash,
    }))
    const inserted = await sql<{ id: number; name: string; email: string }[]>`
      INSERT INTO users ${sql(rows)} RETURNING id, name, email`
    for (const row of inserted) {
      const user = { ...row, roles: ['user'] }
      users.push({ ...user, accessToken: signAccessToken(user, randomUUID(), secret, ACCESS_TOKEN_TTL_SECONDS) })
    }
  }
  const ids = users.map((user) => user.id)
  await sql`INSERT INTO user_roles (user_id, role_id)
    SELECT u, r.id FROM unnest(${ids}::int[]) AS u, roles r WHERE r.name = 'user'`
  if (todosEach > 0)
    await sql`INSERT INTO todos (user_id, title, description, created_at, updated_at)
      SELECT u, 'Todo ' || n, 'Something to do, number ' || n,
        now() - make_interval(secs => ${todosEach} - n), now() - make_interval(secs => ${todosEach} - n)
      FROM unnest(${ids}::int[]) AS u, generate_series(1, ${todosEach}) AS n`
  return users
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

interface FirstToken {
  user_id: number
  token_hash: string
  token_family: string
  expires_at: Date
}

/** Sessions as a login starts them: the session row, then its first refresh token. */
async function insertSessions(sql: Sql, rows: FirstToken[]) {
  const sessions = rows.map((row) => ({ id: row.token_family, user_id: row.user_id, expires_at: row.expires_at }))
  await sql`INSERT INTO sessions ${sql(sessions)}`
  await sql`INSERT INTO refresh_tokens ${sql(rows)}`
}

/**
 * Fresh refresh tokens handed out one at a time, each at most once. Each token starts its own family,
 * as a login does, spread over the users. `ensure` tops the pool up in the database before a run.
 */
export function createTokenPool(sql: Sql, users: BenchUser[]) {
  const tokens: string[] = []
  let next = 0
  let issued = 0
  return {
    async ensure(unused: number) {
      const missing = unused - (tokens.length - next)
      for (let made = 0; made < missing; made += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, missing - made) }, () => {
          const token = randomBytes(32).toString('hex')
          tokens.push(token)
          const user = users[issued++ % users.length] as BenchUser
          return {
            user_id: user.id,
            token_hash: sha256(token),
            token_family: randomUUID(),
            expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
          }
        })
        await insertSessions(sql, rows)
      }
    },
    /** The next unused token, or undefined when the pool is empty. */
    take: (): string | undefined => (next < tokens.length ? tokens[next++] : undefined),
    get used() {
      return next
    },
  }
}

export type TokenPool = ReturnType<typeof createTokenPool>

/** One refresh token with a family of its own, for the race check. */
export async function issueRefreshToken(sql: Sql, user: BenchUser): Promise<{ token: string; family: string }> {
  const token = randomBytes(32).toString('hex')
  const family = randomUUID()
  await insertSessions(sql, [
    {
      user_id: user.id,
      token_hash: sha256(token),
      token_family: family,
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    },
  ])
  return { token, family }
}
