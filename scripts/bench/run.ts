/**
 * `npm run bench`: measures the compiled service against minimal baselines on this machine and prints
 * each figure with its ratio to the baseline measured in the same run (absolute figures drift with the
 * machine's load; ratios much less). Everything runs on 127.0.0.1 in a PostgreSQL database of its own,
 * dropped at the end; every process it starts is stopped on any way out, Ctrl-C included.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { GC_TRACE_FLAG } from './gc-trace.js'
import { type Bench, CPU_PROFILE_FLAG, type ScenarioResult, SERVER_JS, type Settings } from './harness.js'
import {
  build,
  buildIsStale,
  compileBaselines,
  fromRoot,
  killChildrenNow,
  ROOT,
  stopChildren,
  stopLoads,
} from './lib.js'
import { PEERS, type Peer, type PeerName, preparePeer } from './peer.js'
import { PEER_SCENARIOS, type PeerScenarioName } from './peer-scenarios.js'
import { formatReport, type Meta, toJson } from './report.js'
import { SCENARIOS, type ScenarioName } from './scenarios.js'
import { createDatabase, databaseUrl, dropDatabase, open, openSeeder, type Seeder, type Sql } from './seed.js'

const USAGE = `Usage: npm run bench -- [options]
  --duration <s>      seconds per measured run (default 6)
  --warmup <s>        seconds of warm-up per target before the runs (default 3)
  --runs <n>          runs per scenario and target; the median is reported (default 5)
  --connections <n>   concurrent connections (default 10; the reads, todos and user, run at 10 and at 50)
  --users <n>         users, each with 20 todos (default 200)
  --pool <n>          DATABASE_POOL_MAX of the service and of the baselines (default 10)
  --only <list>       some of ${Object.keys(SCENARIOS).join(',')} (default: all)
  --peer <name>       compare with a peer instead: ${PEERS.join(', ')}, installed in scripts/bench/peers/<name>
                      on first use and run on the same PostgreSQL server; --only then picks among
                      ${Object.keys(PEER_SCENARIOS).join(',')} (default: all)
  --quick             a smoke run: 1 run of 2 s after 2 s of warm-up
  --set KEY=VALUE     a setting for every service instance (repeatable), to compare configurations
  --variant KEY=VALUE the reads (todos, user) also measure a service with these settings (repeatable),
                      in the same runs, against the service without them: what a feature costs
  --profile           CPU profiles of the service and baseline servers, written next to the results
  --gc                V8's scavenges in each server (--trace-gc-nvp): their pause and what they promoted
                      to the old generation, per request, beside the other figures
  --no-build          use dist/ as it is instead of rebuilding it when a source is newer
BENCH_DATABASE_URL is the admin URL of the PostgreSQL server to use (default
postgres://postgres@127.0.0.1:5432/postgres); the benchmark creates its own database there and drops it.
Results: a table on stdout, progress on stderr, and bench-results/<time>.json.`

const log = (line: string) => process.stderr.write(`${line}\n`)

interface Choice {
  settings: Settings
  only: ScenarioName[] | PeerScenarioName[]
  peer: PeerName | undefined
  profile: boolean
  gc: boolean
  build: boolean
}

function readSettings(): Choice {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      runs: { type: 'string' },
      connections: { type: 'string' },
      users: { type: 'string' },
      pool: { type: 'string' },
      only: { type: 'string' },
      peer: { type: 'string' },
      set: { type: 'string', multiple: true, default: [] },
      variant: { type: 'string', multiple: true, default: [] },
      quick: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      gc: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  const number = (name: keyof typeof values, fallback: number, whole = true) => {
    const text = values[name]
    if (text === undefined) return fallback
    const value = Number(text)
    if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value)))
      throw new Error(`--${name} must be a positive ${whole ? 'whole ' : ''}number (got "${text}")`)
    return value
  }
  const quick = values.quick
  const peer = values.peer
  if (peer !== undefined && !(PEERS as readonly string[]).includes(peer))
    throw new Error(`unknown peer "${peer}"; there is ${PEERS.join(', ')}`)
  const choices = Object.keys(peer ? PEER_SCENARIOS : SCENARIOS)
  const only = (values.only?.split(',').map((name) => name.trim()) ?? choices).filter(Boolean)
  const unknown = only.filter((name) => !choices.includes(name))
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; there are ${choices.join(', ')}`)
  return {
    settings: {
      duration: number('duration', quick ? 2 : 6, false),
      warmup: number('warmup', quick ? 2 : 3, false),
      runs: number('runs', quick ? 1 : 5),
      connections: number('connections', 10),
      // The reads at a light and a heavy load; a smoke run and an explicit count take one.
      readConnections: values.connections !== undefined ? [number('connections', 10)] : quick ? [10] : [10, 50],
      users: number('users', 200),
      todosPerUser: 20,
      poolMax: number('pool', 10),
      adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      serviceOverrides: Object.fromEntries(values.set.map(parseSetting)),
      variant: Object.fromEntries(values.variant.map(parseSetting)),
    },
    only: only as ScenarioName[] | PeerScenarioName[],
    peer: peer as PeerName | undefined,
    profile: values.profile,
    gc: values.gc,
    build: !values['no-build'],
  }
}

function parseSetting(text: string): [string, string] {
  const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(text)
  if (!match) throw new Error(`--set takes KEY=VALUE (got "${text}")`)
  return [match[1] as string, match[2] as string]
}

/** A generous bound on the whole run: if it is ever reached, something hangs, and everything is stopped. */
function timeBudgetMs(settings: Settings, only: ScenarioName[] | PeerScenarioName[], peer: boolean): number {
  const { duration, warmup, runs } = settings
  const pair = 2 * warmup + 2 * runs * duration + 60
  const targets = Object.keys(settings.variant).length > 0 ? 4 : 3
  const reads = settings.readConnections.length * (targets * warmup + targets * runs * duration + 60)
  if (peer) {
    const peerSeconds: Record<PeerScenarioName, number> = {
      signup: pair,
      signin: pair + 60,
      read: settings.readConnections.length * (4 * warmup + 4 * runs * duration + 60) + 60,
      renewal: 3 * warmup + 3 * runs * duration + 120,
    }
    // Installing the peer and seeding it, then its scenarios.
    const install = 600 + 120
    return (120 + install + 2 * (only as PeerScenarioName[]).reduce((sum, name) => sum + peerSeconds[name], 0)) * 1000
  }
  const seconds: Record<ScenarioName, number> = {
    todos: reads,
    user: reads,
    refresh: pair + 60,
    login: warmup + runs * (3 * duration + 10) + 60,
    coldstart: 3 * (runs + 1) * 2 * 30 + 60,
    firststart: runs * 2 * 30 + 60,
    longlist: warmup + runs * duration + 60,
    loginflood: warmup + 2 * runs * duration + 60,
    // The load runs, the outbox draining (at most 300 s), the delivery run and its mails (at most 120 s).
    reset: pair + duration + 420,
    regflood: warmup + 2 * runs * duration + 60,
    // Enrolments and registrations, then four kinds of 200 sign-ins a run, at worst 30 s each.
    secondfactor: 120 + runs * 4 * 30,
  }
  return (120 + 2 * (only as ScenarioName[]).reduce((sum, name) => sum + seconds[name], 0)) * 1000
}

function git(args: string[]): string {
  try {
    // Optional locks off: reading the status must not write git's index.
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } })
  } catch {
    return ''
  }
}

// --- Clean-up: on success, failure, Ctrl-C, SIGTERM and when the time budget runs out alike ----------

let sql: Sql | undefined
let seeder: Seeder | undefined
let peer: Peer | undefined
const databases: { adminUrl: string; name: string }[] = []
let workDir: string | undefined
let cleaning: Promise<void> | undefined

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopLoads()
    await stopChildren(true)
    await seeder?.close().catch(() => {})
    await sql?.end({ timeout: 2 }).catch(() => {})
    await peer?.sql.end({ timeout: 2 }).catch(() => {})
    for (const database of databases)
      await dropDatabase(database.adminUrl, database.name).catch((error: Error) =>
        log(`could not drop the database ${database.name}: ${error.message}`),
      )
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })()
  return Promise.race([cleaning, new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref())])
}

let stopping = false
async function stop(reason: string, code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    log(`\n${reason}`)
    await cleanup()
  }
  process.exit(code)
}

process.on('exit', killChildrenNow)
process.once('SIGINT', () => void stop('interrupted: stopping what the benchmark started', 130))
process.once('SIGTERM', () => void stop('terminated: stopping what the benchmark started', 143))
process.on('unhandledRejection', (error) => void stop(`the benchmark failed: ${String(error)}`, 1))

// --- The run ----------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const { settings, only, peer: peerName, profile, gc, build: mayBuild } = readSettings()
  const budget = timeBudgetMs(settings, only, peerName !== undefined)
  setTimeout(() => void stop(`the time budget of ${budget / 1000} s ran out: something hung`, 1), budget).unref()
  const startedAt = new Date()
  const loadAtStart = loadavg()[0] ?? 0
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-')
  const resultsDir = join(ROOT, 'bench-results')

  if (mayBuild && buildIsStale()) {
    log('building the service (its bundle is missing or older than src/)')
    await build()
  }
  if (!existsSync(SERVER_JS)) throw new Error(`${fromRoot(SERVER_JS)} is missing: run npm run build`)
  const baseline = compileBaselines()
  workDir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
  const profiles = profile ? join(resultsDir, `profiles-${stamp}`) : undefined
  if (profiles) mkdirSync(profiles, { recursive: true })

  const name = `svc_bench_${process.pid}`
  await createDatabase(settings.adminUrl, name).catch((error: Error) => {
    const { host } = new URL(settings.adminUrl)
    throw new Error(
      `cannot create a database on the PostgreSQL server at ${host} (see BENCH_DATABASE_URL): ${error.message}`,
    )
  })
  databases.push({ adminUrl: settings.adminUrl, name })
  const url = databaseUrl(settings.adminUrl, name)
  const secret = randomBytes(48).toString('hex')

  log(`database ${name}: migrating it and seeding ${settings.users} users with ${settings.todosPerUser} todos each`)
  seeder = await openSeeder(url, secret)
  sql = open(url)
  const users = await seeder.users({ prefix: 'user', count: settings.users, todosEach: settings.todosPerUser })
  const bench: Bench = {
    settings,
    databaseUrl: url,
    sql,
    seeder,
    secret,
    workDir,
    baseline,
    users,
    nodeFlags: [...(profiles ? [CPU_PROFILE_FLAG, `--cpu-prof-dir=${profiles}`] : []), ...(gc ? [GC_TRACE_FLAG] : [])],
    log,
  }

  let scenarios: [string, () => Promise<ScenarioResult>][]
  if (peerName) {
    const peerDatabase = `${name}_peer`
    await createDatabase(settings.adminUrl, peerDatabase)
    databases.push({ adminUrl: settings.adminUrl, name: peerDatabase })
    const ready = await preparePeer(bench, databaseUrl(settings.adminUrl, peerDatabase))
    peer = ready
    scenarios = (only as PeerScenarioName[]).map((scenario) => [scenario, () => PEER_SCENARIOS[scenario](bench, ready)])
  } else scenarios = (only as ScenarioName[]).map((scenario) => [scenario, () => SCENARIOS[scenario](bench)])

  const results: ScenarioResult[] = []
  for (const [scenario, run] of scenarios) {
    if (stopping) break
    log(`\n== ${scenario}`)
    try {
      results.push(await run())
    } catch (error) {
      if (stopping) break
      log(`${scenario} failed: ${(error as Error).stack ?? String(error)}`)
      results.push({ name: scenario, comparisons: [], checks: [], notes: [], error: (error as Error).message })
      await stopChildren()
    }
  }

  const { adminUrl, ...shown } = settings
  const head = git(['rev-parse', '--short', 'HEAD']).trim()
  const meta: Meta = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: head || 'an unknown commit',
    uncommittedChanges: git(['status', '--porcelain', '--untracked-files=no']).trim() !== '',
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    settings: {
      ...shown,
      database: `${new URL(adminUrl).host}/${databases.map((database) => database.name).join(', ')} (dropped)`,
    },
    ...(peer ? { peer: peer.label } : {}),
    ...(profiles ? { profiles: fromRoot(profiles) } : {}),
    ...(gc ? { gcTrace: true } : {}),
  }
  process.stdout.write(formatReport(meta, results))
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, `${stamp}.json`)
  writeFileSync(file, `${JSON.stringify(toJson(meta, results), null, 2)}\n`)
  log(`\nresults written to ${fromRoot(file)}`)
  // A crash or a wrong answer fails the run; a missed performance target is reported, not failed on.
  return results.some((result) => result.error || result.checks.some((check) => !check.ok && !check.target)) ? 1 : 0
}

main().then(
  async (code) => {
    await cleanup()
    process.exit(code)
  },
  (error: Error) => stop(`the benchmark failed: ${error.message}`, 1),
)
