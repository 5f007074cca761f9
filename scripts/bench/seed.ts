/**
 * The benchmark's data, written by the service's own code: an instance of the app, built in this process
 * on the benchmark's database, migrates it, stores users and todos through its repositories and starts
 * every session through its token service, which signs the access token as a login does.
 */
import bcrypt from 'bcryptjs'
import postgres from 'postgres'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { MAX_SESSIONS } from '../../src/limits.js'
import type { AccessClaims } from '../../src/schemas/auth.js'
import type { Actor } from '../../src/services/actor.js'
import { inParallel } from './lib.js'

export type Sql = postgres.Sql

export const BENCH_PASSWORD = 'bench-password-1'
/** Longer than any run, so no access token expires mid-benchmark. */
const ACCESS_TOKEN_TTL = '6h'
/** Writes in flight at once: enough to keep the pool busy, few enough to leave the machine responsive. */
const CONCURRENCY = 16
const CLIENT: Actor = {
  requestId: null,
  userId: null,
  ip: '127.0.0.1',
  userAgent: 'bench-seed',
  throttleKey: 'bench-seed',
}

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

/** Builds the seeding app on the database (migrating it) with the service's secret. */
export async function openSeeder(url: string, secret: string) {
  const app = await buildApp({
    config: loadConfig({
      DATABASE_URL: url,
      JWT_SECRET: secret,
      JWT_ACCESS_TOKEN_TTL: ACCESS_TOKEN_TTL,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      BCRYPT_COST: '4',
    }),
  })
  await app.ready()
  // Cost 4 seeds fast; hashed once for every user that does not log in at the service's cost.
  const cheapHash = hashPassword(4)

  /** A new session of the user, as a login starts it: its refresh token and its family. */
  const startSession = async (user: Omit<BenchUser, 'accessToken'>) => {
    // Seeded users keep their first credential version: nothing changes their passwords.
    const pair = await app.tokens.issueNewFamily({ ...user, emailVerified: false }, 0, CLIENT)
    if (!pair) throw new Error(`no session for bench user ${user.id}`)
    const { sid } = app.jwt.decode<AccessClaims>(pair.accessToken) as AccessClaims
    return { pair, family: sid }
  }

  /**
   * `count` users holding the `user` role, all with the given password hash (a cost-4 one by default),
   * each with `todosEach` todos and a session whose access token the user carries.
   */
  const users = ({
    prefix,
    count,
    todosEach,
    passwordHash,
  }: {
    prefix: string
    count: number
    todosEach: number
    passwordHash?: string
  }): Promise<BenchUser[]> =>
    inParallel(count, CONCURRENCY, async (i) => {
      const user = await app.repos.users.create({
        name: `Bench ${prefix} ${i}`,
        email: `bench-${prefix}-${i}@example.com`,
        passwordHash: passwordHash ?? (await cheapHash),
      })
      for (let n = 1; n <= todosEach; n++)
        await app.repos.todos.create(user.id, { title: `Todo ${n}`, description: `Something to do, number ${n}` })
      const { pair } = await startSession(user)
      return { id: user.id, name: user.name, email: user.email, roles: user.roles, accessToken: pair.accessToken }
    })

  return {
    users,

    /** One refresh token with a family of its own. */
    session: async (user: BenchUser): Promise<{ token: string; family: string }> => {
      const { pair, family } = await startSession(user)
      return { token: pair.refreshToken, family }
    },

    /**
     * Fresh refresh tokens handed out one at a time, each at most once, each starting its own family as
     * a login does. Their users are the pool's own, each kept within MAX_SESSIONS (its access token's
     * session included) so that no new session ends an older one. `ensure` tops the pool up before a run.
     */
    tokenPool: (name: string) => {
      const tokens: string[] = []
      let next = 0
      let owners = 0
      return {
        async ensure(unused: number) {
          const missing = unused - (tokens.length - next)
          if (missing <= 0) return
          const perUser = MAX_SESSIONS - 1
          const batch = await users({
            prefix: `${name}-${owners}`,
            count: Math.ceil(missing / perUser),
            todosEach: 0,
          })
          owners++
          const made = await inParallel(missing, CONCURRENCY, (i) =>
            startSession(batch[Math.floor(i / perUser)] as BenchUser),
          )
          for (const { pair } of made) tokens.push(pair.refreshToken)
        },
        /** The next unused token, or undefined when the pool is empty. */
        take: (): string | undefined => (next < tokens.length ? tokens[next++] : undefined),
      }
    },

    close: () => app.close(),
  }
}

export type Seeder = Awaited<ReturnType<typeof openSeeder>>
