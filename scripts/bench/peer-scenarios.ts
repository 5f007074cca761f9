/**
 * The service against Better Auth on the same PostgreSQL server (`--peer better-auth`): sign-up, sign-in,
 * an authenticated read and a renewal, each a load on both in alternating runs, with the CPU per request
 * and the peak memory of each process. Each scenario starts its own processes, so a peak of memory
 * belongs to one scenario. Rate limiting and login throttling are off on both sides: every request
 * comes from one address.
 */
import type autocannon from 'autocannon'
import {
  atLeast,
  atMost,
  type Bench,
  bearer,
  type Check,
  type Comparison,
  cleanRuns,
  compareLoad,
  compareLoads,
  fixed,
  JSON_BODY,
  type LoadTarget,
  ratio,
  type ScenarioResult,
  type Server,
  startService,
  totalFailures,
} from './harness.js'
import { type Answer, fetchJson, inParallel } from './lib.js'
import { cookieSet, type Peer, type PeerUser, SESSION_COOKIE, SESSION_DATA_COOKIE, signUp, startPeer } from './peer.js'
import { oneUseRefreshes } from './scenarios.js'
import { BENCH_PASSWORD, type BenchUser, hashPassword } from './seed.js'

/** The targets of issue 28, point 3: the service over the peer. */
const TARGET = { reads: 5, renewals: 5, loginsPerCpu: 1.3, memory: 0.5 }
const SERVICE_SETTINGS = { LOGIN_THROTTLE_ENABLED: 'false' }

/** Starts the servers one after the other, runs `body`, and always stops every one started. */
async function withServers<T>(starts: (() => Promise<Server>)[], body: (servers: Server[]) => Promise<T>): Promise<T> {
  const servers: Server[] = []
  try {
    for (const start of starts) servers.push(await start())
    return await body(servers)
  } finally {
    for (const server of servers.reverse()) await server.stop()
  }
}

const service = (bench: Bench, scenario: string) => () =>
  startService(bench, `service (peer ${scenario})`, SERVICE_SETTINGS)

/** A check that one answer is a 2xx that names the user, with the reason when it is not. */
async function answers(
  what: string,
  url: string,
  init: RequestInit,
  email: string,
  also: (answer: Answer) => string | undefined = () => undefined,
): Promise<Check> {
  const answer = await fetchJson(url, init)
  const wrong =
    answer.status < 200 || answer.status > 299
      ? `answered ${answer.status}`
      : !JSON.stringify(answer.body).includes(email)
        ? `answered without the user: ${JSON.stringify(answer.body).slice(0, 200)}`
        : also(answer)
  return { ok: wrong === undefined, text: `${what} ${wrong ?? 'answers 2xx with the user'}` }
}

/** The service's peak RSS over the peer's, in one scenario. */
const memory = (scenario: string, comparison: Comparison): Check =>
  atMost(
    `peak RSS in ${scenario}, service / ${comparison.baseline.label} (${fixed(comparison.service.peakRssMb ?? Number.NaN, 1)} / ${fixed(comparison.baseline.peakRssMb ?? Number.NaN, 1)} MB)`,
    (comparison.service.peakRssMb ?? Number.NaN) / (comparison.baseline.peakRssMb ?? Number.NaN),
    TARGET.memory,
  )

/** What the service does per unit of CPU against the peer: the inverse of its CPU per request ratio. */
const perCpu = (comparison: Comparison) => 1 / ratio(comparison, 'cpuUsPerRequest')

const perCpuNote = (what: string, comparison: Comparison) =>
  `${what}: ${fixed(ratio(comparison, 'rps'))}× the rate of ${comparison.baseline.label}, ${fixed(perCpu(comparison))}× per CPU-second (CPU per request ${fixed(ratio(comparison, 'cpuUsPerRequest'))}×)`

/** A target whose every request is a new account with the next number. */
function newAccounts(label: string, prefix: string, path: string, server: Server): LoadTarget {
  let next = 0
  const request: autocannon.Request = {
    method: 'POST',
    path,
    headers: JSON_BODY,
    setupRequest: (request) => {
      const n = next++
      const body = { name: `Bench ${prefix} ${n}`, email: `bench-${prefix}-${n}@example.com`, password: BENCH_PASSWORD }
      return { ...request, body: JSON.stringify(body) }
    },
  }
  return { side: { label, runs: [] }, server, requests: [request] }
}

/** The cost field of a bcrypt hash ("$2b$10$..." is 10). */
const costOf = (hash: string | undefined) => Number(/^\$2[aby]\$(\d\d)\$/.exec(hash ?? '')?.[1])

async function signup(bench: Bench, peer: Peer): Promise<ScenarioResult> {
  return withServers([() => startPeer(bench, peer, peer.label), service(bench, 'sign-up')], async ([ba, svc]) => {
    const theirs = newAccounts(peer.label, 'signup-peer', '/api/auth/sign-up/email', ba as Server)
    const mine = newAccounts('service', 'signup-service', '/api/v1/auth/register', svc as Server)
    const comparison = await compareLoad(
      bench,
      `sign-up: POST /api/v1/auth/register vs POST /api/auth/sign-up/email (bcrypt cost ${peer.cost})`,
      theirs,
      mine,
    )
    const [service] = await bench.sql<{ hash: string }[]>`
      SELECT password_hash AS hash FROM users WHERE email LIKE 'bench-signup-%' LIMIT 1`
    const [theirHash] = await peer.sql<{ hash: string }[]>`
      SELECT a.password AS hash FROM account a JOIN "user" u ON u.id = a."userId"
      WHERE u.email LIKE 'bench-signup-%' LIMIT 1`
    const costs = [costOf(service?.hash), costOf(theirHash?.hash)]
    return {
      name: 'signup',
      comparisons: [comparison],
      checks: [
        cleanRuns(comparison),
        {
          ok: costs.every((cost) => cost === peer.cost),
          text: `new accounts hashed at bcrypt cost ${peer.cost}: service ${costs[0]}, ${peer.label} ${costs[1]}`,
        },
        memory('sign-up', comparison),
      ],
      notes: [perCpuNote('sign-up', comparison)],
    }
  })
}

/** Logins of 32 users a side, each stored at the service's bcrypt cost. */
async function signin(bench: Bench, peer: Peer): Promise<ScenarioResult> {
  const COUNT = 32
  const users = await bench.seeder.users({
    prefix: 'peer-login',
    count: COUNT,
    todosEach: 0,
    passwordHash: await hashPassword(peer.cost),
  })
  const credentials = (user: { email: string }) => JSON.stringify({ email: user.email, password: BENCH_PASSWORD })
  const login = (path: string, user: { email: string }) => ({
    method: 'POST' as const,
    path,
    headers: JSON_BODY,
    body: credentials(user),
  })
  return withServers([() => startPeer(bench, peer, peer.label), service(bench, 'sign-in')], async ([ba, svc]) => {
    const { url } = ba as Server
    bench.log(`${peer.label}: signing up ${COUNT} users at bcrypt cost ${peer.cost} to log in`)
    const theirUsers = await inParallel(COUNT, 4, (i) =>
      signUp(url, `bench-peer-login-${i}@example.com`, `Bench peer login ${i}`),
    )
    const first = { mine: users[0] as BenchUser, theirs: theirUsers[0] as PeerUser }
    const before = [
      await answers(
        'service: POST /api/v1/auth/login',
        `${(svc as Server).url}/api/v1/auth/login`,
        {
          method: 'POST',
          headers: JSON_BODY,
          body: credentials(first.mine),
        },
        first.mine.email,
      ),
      await answers(
        `${peer.label}: POST /api/auth/sign-in/email`,
        `${url}/api/auth/sign-in/email`,
        // Its own origin: fetch's Sec-Fetch-Mode header makes it check one (the load sends neither).
        { method: 'POST', headers: { ...JSON_BODY, origin: url }, body: credentials(first.theirs) },
        first.theirs.email,
        (answer) => (answer.headers.get('set-auth-token') ? undefined : 'started no session'),
      ),
    ]
    if (!before.every((check) => check.ok))
      return { name: 'signin', comparisons: [], checks: before, notes: ['not measured: a target failed a check'] }
    const comparison = await compareLoad(
      bench,
      `sign-in: POST /api/v1/auth/login vs POST /api/auth/sign-in/email (bcrypt cost ${peer.cost})`,
      {
        side: { label: peer.label, runs: [] },
        server: ba as Server,
        requests: theirUsers.map((user) => login('/api/auth/sign-in/email', user)),
      },
      {
        side: { label: 'service', runs: [] },
        server: svc as Server,
        requests: users.map((user) => login('/api/v1/auth/login', user)),
      },
    )
    return {
      name: 'signin',
      comparisons: [comparison],
      checks: [
        ...before,
        cleanRuns(comparison),
        atLeast(
          `logins per CPU-second at bcrypt cost ${peer.cost}, service / ${peer.label}`,
          perCpu(comparison),
          TARGET.loginsPerCpu,
        ),
        memory('sign-in', comparison),
      ],
      notes: [
        `${perCpuNote('sign-in', comparison)}; the service hashes in a thread per core, ${peer.label} on its one thread`,
      ],
    }
  })
}

/**
 * The service's GET /api/v1/users/:id (a verified access token, then the user's row) against Better
 * Auth's get-session three ways: with its bearer plugin, with its session cookie (both read the session
 * and its user from the database), and with its cookie cache (a signed cookie holding both, no database).
 */
async function read(bench: Bench, peer: Peer): Promise<ScenarioResult> {
  return withServers(
    [
      () => startPeer(bench, peer, peer.label),
      () => startPeer(bench, peer, `${peer.label} with its cookie cache`, { BENCH_PEER_COOKIE_CACHE: 'true' }),
      service(bench, 'read'),
    ],
    async ([ba, cached, svc]) => {
      const getSession = (headers: Record<string, string>) => ({
        method: 'GET' as const,
        path: '/api/auth/get-session',
        headers,
      })
      // The cache's cookie, as its first get-session sets it for each session.
      const cachedCookies = await inParallel(peer.users.length, 16, async (i) => {
        const user = peer.users[i] as PeerUser
        const answer = await fetchJson(`${(cached as Server).url}/api/auth/get-session`, {
          headers: { cookie: user.cookie },
        })
        const data = cookieSet(answer, SESSION_DATA_COOKIE)
        if (!data) throw new Error(`${peer.label}'s cookie cache set no ${SESSION_DATA_COOKIE} for ${user.email}`)
        return `${user.cookie}; ${data}`
      })
      const targets = {
        bearer: peer.users.map((user) => getSession({ authorization: `Bearer ${user.token}` })),
        cookie: peer.users.map((user) => getSession({ cookie: user.cookie })),
        cached: cachedCookies.map((cookie) => getSession({ cookie })),
        service: bench.users.map((user) => ({
          method: 'GET' as const,
          path: `/api/v1/users/${user.id}`,
          headers: bearer(user),
        })),
      }
      const mine = bench.users[0] as BenchUser
      const theirs = peer.users[0] as PeerUser
      const noCookie = (answer: Answer) =>
        answer.headers.getSetCookie().length === 0
          ? undefined
          : 'set a cookie (a refresh or a fall back to the database)'
      const before = [
        await answers(
          'service: GET /api/v1/users/:id',
          `${(svc as Server).url}/api/v1/users/${mine.id}`,
          { headers: bearer(mine) },
          mine.email,
        ),
        await answers(
          `${peer.label}: get-session with a bearer token`,
          `${(ba as Server).url}/api/auth/get-session`,
          { headers: { authorization: `Bearer ${theirs.token}` } },
          theirs.email,
          noCookie,
        ),
        await answers(
          `${peer.label}: get-session with its cookie`,
          `${(ba as Server).url}/api/auth/get-session`,
          { headers: { cookie: theirs.cookie } },
          theirs.email,
          noCookie,
        ),
        await answers(
          `${peer.label}: get-session from its cookie cache`,
          `${(cached as Server).url}/api/auth/get-session`,
          { headers: { cookie: cachedCookies[0] as string } },
          theirs.email,
          noCookie,
        ),
      ]
      if (!before.every((check) => check.ok))
        return { name: 'read', comparisons: [], checks: before, notes: ['not measured: a target failed a check'] }

      const comparisons: Comparison[] = []
      const checks: Check[] = [...before]
      const notes: string[] = []
      for (const connections of bench.settings.readConnections) {
        const title = `read, ${connections} connections: GET /api/v1/users/:id vs GET /api/auth/get-session`
        const against = await compareLoads(
          bench,
          title,
          [
            {
              side: { label: `${peer.label}, bearer plugin`, runs: [] },
              server: ba as Server,
              requests: targets.bearer,
            },
            {
              side: { label: `${peer.label}, session cookie`, runs: [] },
              server: ba as Server,
              requests: targets.cookie,
            },
            {
              side: { label: `${peer.label}, cookie cache`, runs: [] },
              server: cached as Server,
              requests: targets.cached,
            },
          ],
          { side: { label: 'service', runs: [] }, server: svc as Server, requests: targets.service },
          connections,
        )
        for (const comparison of against) {
          const named = { ...comparison, title: `${title}, against ${comparison.baseline.label}` }
          comparisons.push(named)
          checks.push(
            cleanRuns(named),
            atLeast(
              `reads/s at ${connections} connections, service / ${comparison.baseline.label}`,
              ratio(comparison, 'rps'),
              TARGET.reads,
            ),
          )
          notes.push(perCpuNote(`read at ${connections} connections`, comparison))
        }
      }
      // The bearer comparison at the last count of connections: its peaks were read after every load.
      const last = comparisons.at(-3)
      if (last) checks.push(memory('the reads', last))
      return { name: 'read', comparisons, checks, notes }
    },
  )
}

/**
 * The service's refresh (a one-use token rotated, a new access token signed) against Better Auth's two
 * renewals: its session refresh (get-session with updateAge 0, so every call moves the session's expiry
 * and sets its cookie again) and its JWT plugin's /token (a new signed JWT for the session).
 */
async function renewal(bench: Bench, peer: Peer): Promise<ScenarioResult> {
  return withServers(
    [
      () => startPeer(bench, peer, `${peer.label} renewing on every call`, { BENCH_PEER_SESSION_UPDATE_AGE: '0' }),
      () => startPeer(bench, peer, `${peer.label} with its JWT plugin`, { BENCH_PEER_JWT: 'true' }),
      service(bench, 'renewal'),
    ],
    async ([refreshing, jwt, svc]) => {
      const theirs = peer.users[0] as PeerUser
      const expiry = async () => {
        const [row] = await peer.sql<{ expires: Date }[]>`
          SELECT s."expiresAt" AS expires FROM session s JOIN "user" u ON u.id = s."userId" WHERE u.email = ${theirs.email}`
        return row?.expires.getTime() ?? Number.NaN
      }
      const expiresBefore = await expiry()
      const renewed = await answers(
        `${peer.label}: get-session renewing the session`,
        `${(refreshing as Server).url}/api/auth/get-session`,
        { headers: { cookie: theirs.cookie } },
        theirs.email,
        (answer) => (cookieSet(answer, SESSION_COOKIE) ? undefined : 'did not set the session cookie again'),
      )
      const expiresAfter = await expiry()
      const jwtAlg = (answer: Answer) => {
        const token = (answer.body as { token?: string } | null)?.token ?? ''
        try {
          const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
            alg?: string
          }
          return header.alg ? undefined : 'answered no signed JWT'
        } catch {
          return 'answered no JWT'
        }
      }
      const before = [
        renewed,
        {
          ok: expiresAfter > expiresBefore,
          text: `${peer.label}: a renewal moves the session's expiry in its database`,
        },
        await answers(
          `${peer.label}: GET /api/auth/token`,
          `${(jwt as Server).url}/api/auth/token`,
          { headers: { cookie: theirs.cookie } },
          '"token"',
          jwtAlg,
        ),
      ]
      if (!before.every((check) => check.ok))
        return { name: 'renewal', comparisons: [], checks: before, notes: ['not measured: a target failed a check'] }

      const notes: string[] = []
      const title = 'renewal: POST /api/v1/auth/refresh (each token once) vs Better Auth'
      const against = await compareLoads(
        bench,
        title,
        [
          {
            side: { label: `${peer.label}, session refresh (get-session, updateAge 0)`, runs: [] },
            server: refreshing as Server,
            requests: peer.users.map((user) => ({
              method: 'GET' as const,
              path: '/api/auth/get-session',
              headers: { cookie: user.cookie },
            })),
          },
          {
            side: { label: `${peer.label}, JWT plugin (GET /api/auth/token)`, runs: [] },
            server: jwt as Server,
            requests: peer.users.map((user) => ({
              method: 'GET' as const,
              path: '/api/auth/token',
              headers: { cookie: user.cookie },
            })),
          },
        ],
        oneUseRefreshes(bench, 'peer-renewal', 'service', svc as Server, notes),
      )
      const comparisons = against.map((comparison) => ({
        ...comparison,
        title: `${title}, against ${comparison.baseline.label}`,
      }))
      const checks = [...before]
      for (const comparison of comparisons) {
        const refused = totalFailures(comparison.baseline)
        checks.push(
          {
            ok: refused === 0,
            text: `${comparison.baseline.label}: every measured renewal was 2xx (${refused} were not)`,
          },
          atLeast(`renewals/s, service / ${comparison.baseline.label}`, ratio(comparison, 'rps'), TARGET.renewals),
        )
        notes.push(perCpuNote('renewal', comparison))
      }
      // The service's 401s come only from a token pool that ran dry, which ends the run and says so.
      const refused = comparisons[0] ? totalFailures(comparisons[0].service) : 0
      checks.push({
        ok: refused === 0 || notes.some((note) => note.includes('ran dry')),
        text: `service: every measured refresh was 2xx or came after its token pool ran dry (${refused} were not 2xx)`,
      })
      const [first] = comparisons
      if (first) checks.push(memory('the renewals', first))
      return { name: 'renewal', comparisons, checks, notes }
    },
  )
}

export const PEER_SCENARIOS = { signup, signin, read, renewal } as const
export type PeerScenarioName = keyof typeof PEER_SCENARIOS
