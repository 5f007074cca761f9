/**
 * The nearest peer, Better Auth, made ready for `npm run bench -- --peer better-auth`: installed in a
 * folder of its own (scripts/bench/peers/better-auth: its own package.json and lock file, so nothing of
 * it is a dependency of the service), its server made plain JavaScript as the baselines are, its tables
 * created in a database of its own on the same PostgreSQL server, and its users and sessions made through
 * its own API, as the service's are made through the service's code.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type Bench, type Env, type Server, serviceEnv, startServer } from './harness.js'
import { type Answer, fetchJson, fromRoot, inParallel, ROOT, startNode, startProcess, transpile } from './lib.js'
import { BENCH_PASSWORD, open, type Sql } from './seed.js'

export const PEERS = ['better-auth'] as const
export type PeerName = (typeof PEERS)[number]

const DIR = join(ROOT, 'scripts', 'bench', 'peers', 'better-auth')
const INSTALLED = join(DIR, 'node_modules', '.package-lock.json')
// Inside its node_modules, so it resolves the peer's own packages and stays out of git's sight.
const SERVER = join(DIR, 'node_modules', '.cache', 'bench', 'server.mjs')
/** Sign-ups in flight at once while seeding. */
const CONCURRENCY = 16

export interface PeerUser {
  email: string
  /** The signed session token its bearer plugin hands out (`set-auth-token`), for `Authorization: Bearer`. */
  token: string
  /** The session cookie as a browser sends it back. */
  cookie: string
}

export interface Peer {
  /** "Better Auth 1.7.25": the version installed. */
  label: string
  databaseUrl: string
  /** For the checks that read its database behind its back. */
  sql: Sql
  secret: string
  /** Its bcrypt cost: the service's (BCRYPT_COST, --set included). */
  cost: number
  /** One per bench user, each with a session of its own. */
  users: PeerUser[]
}

/** npm ci in the peer's folder when nothing is installed there yet, or its lock file changed since. */
export async function installPeer(log: (line: string) => void): Promise<void> {
  const lock = join(DIR, 'package-lock.json')
  if (existsSync(INSTALLED) && statSync(INSTALLED).mtimeMs >= statSync(lock).mtimeMs) return
  log(`installing Better Auth in ${fromRoot(DIR)} (npm ci)`)
  // Without the npm_* variables of the `npm run bench` that started us: they describe the service's project.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')))
  const npm = startProcess('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], { env, cwd: DIR })
  const timer = setTimeout(() => void npm.stop(), 600_000)
  const code = await npm.exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`npm ci in ${fromRoot(DIR)} failed:\n${npm.output()}`)
}

function version(): string {
  const manifest = JSON.parse(readFileSync(join(DIR, 'node_modules', 'better-auth', 'package.json'), 'utf8')) as {
    version: string
  }
  return manifest.version
}

function peerEnv(bench: Bench, peer: Pick<Peer, 'databaseUrl' | 'secret'>, port: number, extra: Env) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SERVER_PORT: String(port),
    DATABASE_URL: peer.databaseUrl,
    DATABASE_POOL_MAX: String(bench.settings.poolMax),
    BETTER_AUTH_SECRET: peer.secret,
    BCRYPT_COST: serviceEnv(bench, 0).BCRYPT_COST,
    ...extra,
  }
}

/** A Better Auth server; `extra` chooses a variant (BENCH_PEER_* in its server.ts). */
export const startPeer = (bench: Bench, peer: Peer, name: string, extra: Env = {}): Promise<Server> =>
  startServer(bench, name, SERVER, (port) => peerEnv(bench, peer, port, extra), bench.nodeFlags)

/** The `name=value` of a cookie the answer sets, or undefined. */
export function cookieSet(answer: Answer, name: string): string | undefined {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))
  return cookie?.split(';')[0]
}

export const SESSION_COOKIE = 'better-auth.session_token'
export const SESSION_DATA_COOKIE = 'better-auth.session_data'

/** A new account through the peer's sign-up, and the session it starts. */
export async function signUp(url: string, email: string, name: string): Promise<PeerUser> {
  const answer = await fetchJson(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    // Its own origin, as its page would send: fetch's Sec-Fetch-Mode header makes it check one.
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name, email, password: BENCH_PASSWORD }),
  })
  const token = answer.headers.get('set-auth-token')
  const cookie = cookieSet(answer, SESSION_COOKIE)
  if (answer.status !== 200 || !token || !cookie)
    throw new Error(`Better Auth refused the sign-up of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { email, token, cookie }
}

/**
 * Installs and compiles the peer, creates its tables in `databaseUrl` (an empty database), and signs up
 * one user per bench user, each with a session, through a server at bcrypt cost 4 (the service's
 * seeded users are hashed at cost 4 too: nothing reads those hashes while measuring).
 */
export async function preparePeer(bench: Bench, databaseUrl: string): Promise<Peer> {
  await installPeer(bench.log)
  transpile(join(DIR, 'server.ts'), SERVER)
  const base = { databaseUrl, secret: randomBytes(32).toString('hex') }
  const migrate = startNode('Better Auth migrations', SERVER, {
    args: ['--migrate'],
    env: peerEnv(bench, base, 0, {}),
    cwd: bench.workDir,
  })
  const timer = setTimeout(() => void migrate.stop(), 120_000)
  const code = await migrate.exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`Better Auth's migrations failed:\n${migrate.output()}`)

  const label = `Better Auth ${version()}`
  const peer: Peer = {
    ...base,
    label,
    sql: open(databaseUrl),
    cost: Number(serviceEnv(bench, 0).BCRYPT_COST),
    users: [],
  }
  bench.log(`${label}: signing up ${bench.users.length} users, each with a session`)
  const seeder = await startPeer(bench, peer, 'Better Auth (seeding)', { BCRYPT_COST: '4' })
  try {
    peer.users = await inParallel(bench.users.length, CONCURRENCY, (i) =>
      signUp(seeder.url, `bench-peer-${i}@example.com`, `Bench peer ${i}`),
    )
  } finally {
    await seeder.stop()
  }
  return peer
}
