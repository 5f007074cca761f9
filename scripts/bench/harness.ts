/**
 * How the benchmark measures: the settings, the service's and the baselines' processes, a load
 * comparison (warm-up for each target, then runs in turn, alternating which goes first so that a drift
 * in the machine's load falls on both), start-up timing, and the figures and checks that come out.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { countScavenges, GC_TRACE_FLAG, type Scavenges } from './gc-trace.js'
import {
  type Child,
  cpuSecondsOf,
  freePort,
  type LoadResult,
  load,
  median,
  memoryOf,
  ROOT,
  startNode,
  waitForHttp,
  watchMemory,
} from './lib.js'
import type { BenchUser, Seeder, Sql } from './seed.js'

export interface Settings {
  /** Seconds per measured run. */
  duration: number
  warmup: number
  runs: number
  connections: number
  /** Concurrent connections for the read scenarios (todos, user), each measured in turn. */
  readConnections: number[]
  users: number
  todosPerUser: number
  /** DATABASE_POOL_MAX for the service and the baselines alike. */
  poolMax: number
  adminUrl: string
  /** Settings given with --set, applied to every service instance over the benchmark's own. */
  serviceOverrides: Env
  /**
   * Settings given with --variant: the reads also measure a second service instance with them, in the
   * same runs, so a feature's cost is a ratio of two instances measured side by side.
   */
  variant: Env
}

export interface Bench {
  settings: Settings
  databaseUrl: string
  /** For the checks that read the database behind the service's back. */
  sql: Sql
  /** The service's own code on the benchmark's database: every user and session comes from it. */
  seeder: Seeder
  secret: string
  /** The working directory of every process started, and where PGlite keeps its data. */
  workDir: string
  /** The compiled baseline of that name. */
  baseline: (name: string) => string
  users: BenchUser[]
  /** Extra node flags for the service and the baseline servers (a CPU profile, V8's GC trace). */
  nodeFlags: string[]
  log: (line: string) => void
}

export interface RunFigures {
  rps?: number
  p50?: number
  p99?: number
  cpuUsPerRequest?: number
  /** With --gc: the server's scavenges, their pauses and what they promoted, per answered request. */
  scavengeUsPerRequest?: number
  promotedKbPerRequest?: number
  readyMs?: number
  rssMb?: number
  failed?: number
  errors?: number
}

export interface Side {
  label: string
  runs: RunFigures[]
  /** Over the life of the process, which is the scenario's. */
  peakRssMb?: number
  /** When the scenario ended. */
  rssAfterMb?: number
}

export interface Comparison {
  title: string
  kind: 'load' | 'start'
  baseline: Side
  service: Side
}

export interface Check {
  ok: boolean
  text: string
  /** A performance target: on a shared machine a miss is a finding, not a failure of the run. */
  target?: boolean
}

export interface ScenarioResult {
  name: string
  comparisons: Comparison[]
  checks: Check[]
  notes: string[]
  error?: string
}

/**
 * The service starts as `npm start` starts it: package.json's start script, `node [flags] <script>`,
 * gives the script and the node flags (the heap settings among them).
 */
function startScript(): { script: string; nodeFlags: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const [command, ...words] = scripts.start.trim().split(/\s+/)
  const script = words.pop()
  if (command !== 'node' || !script || words.some((word) => !word.startsWith('--')))
    throw new Error(`the start script is not "node [--flags] <script>": ${scripts.start}`)
  return { script: join(ROOT, script), nodeFlags: words }
}

/** With --profile: each server writes a CPU profile named by its pid. */
export const CPU_PROFILE_FLAG = '--cpu-prof'

const START = startScript()
export const SERVER_JS = START.script
export const SERVER_NODE_FLAGS = START.nodeFlags

/** The median of one figure over a side's runs. */
export const mid = (side: Side, key: keyof RunFigures) => median(side.runs.map((run) => run[key] ?? Number.NaN))

/**
 * Service over baseline for one figure. Runs are paired (each service run sits next to a baseline run
 * in time), so the median of the pairs' ratios is read: a machine that slows down for a while slows
 * both halves of a pair, and the ratio of two medians would take such a swing in full.
 */
export function ratio(comparison: Comparison, key: keyof RunFigures): number {
  const { service, baseline } = comparison
  if (service.runs.length !== baseline.runs.length) return mid(service, key) / mid(baseline, key)
  return median(service.runs.map((run, i) => (run[key] ?? Number.NaN) / (baseline.runs[i]?.[key] ?? Number.NaN)))
}

export const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
/** Enough digits that a miss never reads as the bound itself (0.8996 is not "0.90 (at least 0.90)"). */
const against = (value: number, bound: number) => {
  let digits = 2
  while (digits < 4 && value !== bound && fixed(value, digits) === fixed(bound, digits)) digits++
  return fixed(value, digits)
}
export const atLeast = (text: string, value: number, floor: number): Check => ({
  ok: value >= floor,
  target: true,
  text: `${text}: ${against(value, floor)} (at least ${fixed(floor)})`,
})
export const atMost = (text: string, value: number, ceiling: number): Check => ({
  ok: value <= ceiling,
  target: true,
  text: `${text}: ${against(value, ceiling)} (at most ${fixed(ceiling)})`,
})
export const below = (text: string, value: number, limit: number, unit: string): Check => ({
  ok: value < limit,
  target: true,
  text: `${text}: ${fixed(value, 1)} ${unit} (under ${limit} ${unit})`,
})

// --- Processes --------------------------------------------------------------------------------------

export type Env = Record<string, string | undefined>

/** The service's settings: quiet logs, no rate limit, loopback only, the shared pool size. */
export function serviceEnv(
  bench: Pick<Bench, 'databaseUrl' | 'secret' | 'settings'>,
  port: number,
  extra: Env = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    // One log line per request would cost more than some of the routes measured.
    LOG_LEVEL: 'warn',
    SERVER_HOST: '127.0.0.1',
    SERVER_PORT: String(port),
    DATABASE_URL: bench.databaseUrl,
    DATABASE_POOL_MAX: String(bench.settings.poolMax),
    JWT_SECRET: bench.secret,
    RATE_LIMIT_ENABLED: 'false',
    BCRYPT_COST: '10',
    // Any free port: a fixed one may be held by another service on the machine.
    METRICS_PORT: '0',
    ...extra,
    ...bench.settings.serviceOverrides,
  }
}

export function baselineEnv(bench: Bench, port: number, extra: Env = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SERVER_HOST: '127.0.0.1',
    SERVER_PORT: String(port),
    DATABASE_URL: bench.databaseUrl,
    DATABASE_POOL_MAX: String(bench.settings.poolMax),
    JWT_SECRET: bench.secret,
    ...extra,
  }
}

export interface Server {
  child: Child
  url: string
  memory: ReturnType<typeof watchMemory>
  /** With --gc: the server's young-generation collections so far. */
  scavenges?: () => Scavenges
  stop(): Promise<void>
}

/** Starts a server and waits until it answers: the service when it is ready, anything else at all. */
export async function startServer(
  bench: Bench,
  name: string,
  file: string,
  env: (port: number) => NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
): Promise<Server> {
  const port = await freePort()
  const child = startNode(name, file, { env: env(port), cwd: bench.workDir, nodeFlags })
  const scavenges = nodeFlags.includes(GC_TRACE_FLAG) ? countScavenges(child) : undefined
  const url = `http://127.0.0.1:${port}`
  try {
    // The service is up when it is ready; a baseline as soon as it answers at all.
    const service = file === SERVER_JS
    await waitForHttp(child, `${url}${service ? '/health/ready' : '/'}`, {
      timeoutMs: 60_000,
      intervalMs: 20,
      accept: service ? (status) => status === 200 : () => true,
    })
  } catch (error) {
    await child.stop()
    throw error
  }
  // The GC trace writes no file that needs telling apart.
  if (nodeFlags.includes(CPU_PROFILE_FLAG))
    bench.log(`  ${name} runs as pid ${child.pid} (its profile carries that number)`)
  const memory = watchMemory(child.pid)
  return {
    child,
    url,
    memory,
    ...(scavenges ? { scavenges } : {}),
    stop: async () => {
      memory.stop()
      await child.stop()
    },
  }
}

export const startService = (bench: Bench, name: string, extra: Env = {}) =>
  startServer(bench, name, SERVER_JS, (port) => serviceEnv(bench, port, extra), [
    ...SERVER_NODE_FLAGS,
    ...bench.nodeFlags,
  ])

const startBaseline = (bench: Bench, name: string) =>
  startServer(bench, `baseline ${name}`, bench.baseline(name), (port) => baselineEnv(bench, port), bench.nodeFlags)

/** Runs `body` with the service and the named baseline up, and always stops both. */
export async function withPair<T>(
  bench: Bench,
  baselineName: string,
  body: (service: Server, baseline: Server) => Promise<T>,
): Promise<T> {
  return withBaselines(bench, [baselineName], (service, [baseline]) => body(service, baseline as Server))
}

/** Runs `body` with the service and the named baselines up, and always stops them all. */
export async function withBaselines<T>(
  bench: Bench,
  baselineNames: string[],
  body: (service: Server, baselines: Server[]) => Promise<T>,
): Promise<T> {
  const baselines: Server[] = []
  try {
    for (const name of baselineNames) baselines.push(await startBaseline(bench, name))
    const service = await startService(bench, `service (${baselineNames[0]})`)
    try {
      return await body(service, baselines)
    } finally {
      await service.stop()
    }
  } finally {
    for (const baseline of baselines) await baseline.stop()
  }
}

// --- Load comparisons -------------------------------------------------------------------------------

export interface LoadTarget {
  side: Side
  server: Server
  requests: autocannon.Request[]
  /** Before each load of that many seconds (tops up a pool of one-use tokens). */
  prepare?: (seconds: number) => Promise<void>
  shouldStop?: () => boolean
  observe?: (result: LoadResult) => void
}

async function measure(
  bench: Bench,
  target: LoadTarget,
  seconds: number,
  connections = bench.settings.connections,
): Promise<RunFigures> {
  await target.prepare?.(seconds)
  const { pid } = target.server.child
  const cpuBefore = cpuSecondsOf(pid)
  const gcBefore = target.server.scavenges?.()
  const result = await load({
    url: target.server.url,
    connections,
    seconds,
    requests: target.requests,
    shouldStop: target.shouldStop,
  })
  const cpuAfter = cpuSecondsOf(pid)
  const gcAfter = target.server.scavenges?.()
  target.observe?.(result)
  return { ...loadFigures(result, cpuBefore, cpuAfter), ...scavengeFigures(target.server, result, gcBefore, gcAfter) }
}

/**
 * The scavenges between two readings, per answered request. A thousand requests allocate megabytes:
 * a run of them without a single scavenge read means the trace's lines were not understood.
 */
function scavengeFigures(server: Server, result: LoadResult, before?: Scavenges, after?: Scavenges): RunFigures {
  const answered = result.ok + result.failed
  if (!before || !after || answered === 0) return {}
  if (after.count === before.count && answered >= 1000)
    throw new Error(`${server.child.name} answered ${answered} requests and printed no scavenge that could be read`)
  return {
    scavengeUsPerRequest: ((after.pauseMs - before.pauseMs) * 1000) / answered,
    promotedKbPerRequest: (after.promotedBytes - before.promotedBytes) / 1024 / answered,
  }
}

/** A load's figures, with the server's CPU per answered request when both CPU readings were had. */
export function loadFigures(result: LoadResult, cpuBefore?: number, cpuAfter?: number): RunFigures {
  const answered = result.ok + result.failed
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    failed: result.failed,
    errors: result.errors,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? { cpuUsPerRequest: ((cpuAfter - cpuBefore) * 1e6) / answered }
      : {}),
  }
}

export const describeRun = (figures: RunFigures) =>
  `${fixed(figures.rps ?? Number.NaN, 1)} req/s, p50 ${fixed(figures.p50 ?? Number.NaN)} ms, p99 ${fixed(
    figures.p99 ?? Number.NaN,
  )} ms${figures.failed ? `, ${figures.failed} not 2xx` : ''}${figures.errors ? `, ${figures.errors} errors` : ''}`

/** Warm-up for each target, then the runs, baseline and service alternating which goes first. */
export async function compareLoad(bench: Bench, title: string, baseline: LoadTarget, service: LoadTarget) {
  const [comparison] = await compareLoads(bench, title, [baseline], service)
  return comparison as Comparison
}

/**
 * The service against several baselines in the same runs: warm-up for each target, then each run
 * measures every target in turn, the order reversed every other run, so that each service run has a
 * run of every baseline beside it. One comparison per baseline, sharing the service's side.
 */
export async function compareLoads(
  bench: Bench,
  title: string,
  baselines: LoadTarget[],
  service: LoadTarget,
  connections = bench.settings.connections,
  /** Measured in the same rotation, compared by the caller (a variant of the service). */
  others: LoadTarget[] = [],
): Promise<Comparison[]> {
  const { warmup, runs, duration } = bench.settings
  const targets = [...baselines, ...others, service]
  bench.log(`${title}: warming up for ${warmup} s each`)
  for (const target of targets) await measure(bench, target, warmup, connections)
  for (let run = 0; run < runs; run++) {
    for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
      const figures = await measure(bench, target, duration, connections)
      target.side.runs.push(figures)
      bench.log(`  ${target.side.label}, run ${run + 1}/${runs}: ${describeRun(figures)}`)
    }
  }
  for (const target of targets) {
    target.side.peakRssMb = target.server.memory.peakMb()
    target.side.rssAfterMb = memoryOf(target.server.child.pid)?.rssMb
  }
  return baselines.map((baseline) => ({ title, kind: 'load' as const, baseline: baseline.side, service: service.side }))
}

export const bearer = (user: BenchUser) => ({ authorization: `Bearer ${user.accessToken}` })
export const JSON_BODY = { 'content-type': 'application/json' }

/** Values that differ on every response by design: the request id, the time, fresh tokens. */
const PER_RESPONSE = new Set(['request_id', 'timestamp', 'refresh_token'])

/** An access token by its shape: the names in its header and claims, which must match. */
function tokenShape(token: string): string {
  try {
    const names = token
      .split('.')
      .slice(0, 2)
      .map((part) =>
        Object.keys(JSON.parse(Buffer.from(part, 'base64url').toString('utf8')))
          .sort()
          .join(','),
      )
    return `JWT header ${names[0]}; claims ${names[1]}`
  } catch {
    return 'not a JWT'
  }
}

const withoutPerResponse = (text: string) =>
  JSON.stringify(
    JSON.parse(text, (key, value) =>
      key === 'access_token' && typeof value === 'string'
        ? tokenShape(value)
        : PER_RESPONSE.has(key)
          ? typeof value
          : value,
    ),
  )

/**
 * Both targets must answer the same request with the same status, body and request id header, or the
 * comparison means nothing.
 */
export async function sameAnswer(
  path: string,
  service: Server,
  baseline: Server,
  init: (server: Server) => Promise<RequestInit> | RequestInit,
) {
  const [mine, theirs] = await Promise.all(
    [service, baseline].map(async (server) => {
      const response = await fetch(`${server.url}${path}`, await init(server))
      const body = withoutPerResponse(await response.text())
      return { status: response.status, requestId: response.headers.has('x-request-id'), body }
    }),
  )
  const same = JSON.stringify(mine) === JSON.stringify(theirs)
  return {
    ok: same,
    text: same
      ? `the baseline answers ${path} with the service's status and body`
      : `the baseline's answer to ${path} differs from the service's: ${JSON.stringify(theirs).slice(0, 300)} vs ${JSON.stringify(mine).slice(0, 300)}`,
  }
}

export const totalFailures = (side: Side) =>
  side.runs.reduce((sum, run) => sum + (run.failed ?? 0) + (run.errors ?? 0), 0)
export const cleanRuns = (comparison: Comparison): Check => {
  const failures = totalFailures(comparison.service) + totalFailures(comparison.baseline)
  return { ok: failures === 0, text: `${comparison.title}: every measured response was 2xx (${failures} were not)` }
}

/** From spawning the process to its first 200 from /health/ready, and its peak memory by then. */
async function timeToReady(
  bench: Bench,
  name: string,
  file: string,
  env: (port: number) => NodeJS.ProcessEnv,
  nodeFlags: string[],
): Promise<RunFigures> {
  const port = await freePort()
  const child = startNode(name, file, { env: env(port), cwd: bench.workDir, nodeFlags })
  try {
    const readyAt = await waitForHttp(child, `http://127.0.0.1:${port}/health/ready`, { timeoutMs: 120_000 })
    const memory = memoryOf(child.pid)
    return { readyMs: readyAt - child.startedAt, rssMb: memory?.peakMb ?? memory?.rssMb }
  } finally {
    await child.stop()
  }
}

export interface Starter {
  label: string
  file: string
  env: (port: number, run: number) => NodeJS.ProcessEnv
  nodeFlags?: string[]
}

export async function compareStarts(
  bench: Bench,
  title: string,
  baseline: Starter,
  service: Starter,
  warm: boolean,
): Promise<Comparison> {
  const sides = new Map<Starter, Side>([
    [baseline, { label: baseline.label, runs: [] }],
    [service, { label: service.label, runs: [] }],
  ])
  const start = (starter: Starter, run: number) =>
    timeToReady(
      bench,
      `${title}: ${starter.label}`,
      starter.file,
      (port) => starter.env(port, run),
      starter.nodeFlags ?? [],
    )
  // One discarded start each fills the file system cache, as any start after the first finds it.
  if (warm) for (const starter of [baseline, service]) await start(starter, -1)
  for (let run = 0; run < bench.settings.runs; run++) {
    for (const starter of run % 2 === 0 ? [baseline, service] : [service, baseline]) {
      const figures = await start(starter, run)
      sides.get(starter)?.runs.push(figures)
      bench.log(
        `  ${title}, ${starter.label}, run ${run + 1}: ready after ${fixed(figures.readyMs ?? Number.NaN, 0)} ms, ${fixed(figures.rssMb ?? Number.NaN, 1)} MB`,
      )
    }
  }
  return { title, kind: 'start', baseline: sides.get(baseline) as Side, service: sides.get(service) as Side }
}
