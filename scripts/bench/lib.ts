/**
 * The benchmark's toolbox: child processes that are always stopped, the build and the baselines made
 * ready to run under plain `node`, autocannon with exact latencies, and memory and CPU readings.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import ts from 'typescript'
import { BUNDLE_ENTRY, bundle } from '../bundle.js'
import { serviceStatements } from './statements.js'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const BASELINES_SOURCE = join(ROOT, 'scripts', 'bench', 'baselines')
// Under node_modules so the compiled baselines resolve the project's packages, and out of git's sight.
const BASELINES_OUT = join(ROOT, 'node_modules', '.cache', 'bench-baselines')

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// --- Build ------------------------------------------------------------------------------------------

/** True when the bundle `npm start` runs is missing or older than a source. */
export function buildIsStale(): boolean {
  if (!existsSync(BUNDLE_ENTRY)) return true
  const built = statSync(BUNDLE_ENTRY).mtimeMs
  const sources = join(ROOT, 'src')
  return readdirSync(sources, { recursive: true, encoding: 'utf8' }).some(
    (file) => file.endsWith('.ts') && statSync(join(sources, file)).mtimeMs > built,
  )
}

/** Builds the service as `npm run build` does; throws with the compiler's output when it fails. */
export async function build(): Promise<void> {
  const tsc = startNode('the compiler', join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), {
    args: ['-p', 'tsconfig.build.json'],
    env: process.env,
    cwd: ROOT,
  })
  const timer = setTimeout(() => void tsc.stop(), 300_000)
  const code = await tsc.exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`the build failed (run with --no-build to use dist/ as it is):\n${tsc.output()}`)
  await bundle()
}

/**
 * Transpiles the baselines to plain JavaScript, so they start and run under bare `node` exactly as the
 * compiled service does: a TypeScript loader would add its start-up time and source-map handling.
 * The service's own statements go beside them (statements.ts). Returns the path of each compiled
 * baseline by name.
 */
export function compileBaselines(): (name: string) => string {
  mkdirSync(BASELINES_OUT, { recursive: true })
  writeFileSync(join(BASELINES_OUT, 'package.json'), '{ "type": "module" }\n')
  for (const file of readdirSync(BASELINES_SOURCE)) {
    if (!file.endsWith('.ts')) continue
    transpile(join(BASELINES_SOURCE, file), join(BASELINES_OUT, file.replace(/\.ts$/, '.js')))
  }
  writeFileSync(join(BASELINES_OUT, 'statements.json'), `${JSON.stringify(serviceStatements(), null, 2)}\n`)
  return (name) => join(BASELINES_OUT, `${name}.js`)
}

/** One TypeScript file as plain JavaScript (an ES module), types dropped, nothing checked or bundled. */
export function transpile(source: string, out: string): void {
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    fileName: source,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, outputText)
}

// --- Processes --------------------------------------------------------------------------------------

export interface Child {
  readonly name: string
  readonly pid: number
  readonly startedAt: number
  /** Everything it printed so far (the last 64 KiB). */
  output(): string
  /** Calls `listener` with everything it prints from now on, in the chunks it arrives in. */
  onOutput(listener: (text: string) => void): void
  readonly exited: Promise<number | null>
  hasExited(): boolean
  /** SIGTERM, then SIGKILL if it has not gone within the grace period. */
  stop(graceMs?: number): Promise<void>
}

const children = new Set<ChildProcess>()
let closing = false

/** Starts `node <file> <args>`; every child is tracked so that any way out of the run stops it. */
export function startNode(
  name: string,
  file: string,
  {
    args = [],
    env,
    cwd,
    nodeFlags = [],
  }: { args?: string[]; env: NodeJS.ProcessEnv; cwd: string; nodeFlags?: string[] },
): Child {
  return startProcess(name, process.execPath, [...nodeFlags, file, ...args], { env, cwd })
}

/**
 * Starts `command <args>` (looked up on the PATH given in `env`), tracked like a node child. `stop` signals
 * the process alone: for a process that starts others (npm), see `processTree`.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  { env, cwd }: { env: NodeJS.ProcessEnv; cwd: string },
): Child {
  if (closing) throw new Error(`not starting ${name}: the benchmark is stopping`)
  const startedAt = performance.now()
  const proc = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  // A command that is not there is reported by the check below, not as an unhandled error event.
  proc.on('error', () => {})
  if (proc.pid === undefined) throw new Error(`${name} did not start`)
  children.add(proc)
  let text = ''
  const listeners: ((text: string) => void)[] = []
  const keep = (chunk: Buffer) => {
    const printed = chunk.toString('utf8')
    text = (text + printed).slice(-65_536)
    for (const listener of listeners) listener(printed)
  }
  proc.stdout?.on('data', keep)
  proc.stderr?.on('data', keep)
  let done = false
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => {
      done = true
      children.delete(proc)
      resolve(code)
    })
  })
  return {
    name,
    pid: proc.pid,
    startedAt,
    output: () => text,
    onOutput: (listener) => void listeners.push(listener),
    exited,
    hasExited: () => done,
    async stop(graceMs = 8000) {
      if (done) return
      proc.kill('SIGTERM')
      if ((await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) || done) return
      proc.kill('SIGKILL')
      await Promise.race([exited, sleep(2000)])
    },
  }
}

/** The last resort on exit: nothing the run started may outlive it. */
export function killChildrenNow(): void {
  for (const proc of children) proc.kill('SIGKILL')
}

/** Stops every child; with `forGood`, none may start after it. */
export async function stopChildren(forGood = false): Promise<void> {
  closing ||= forGood
  await Promise.all(
    [...children].map(async (proc) => {
      proc.kill('SIGTERM')
      await Promise.race([new Promise((resolve) => proc.once('exit', resolve)), sleep(5000)])
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
    }),
  )
}

/** A port that was free a moment ago on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** One GET on a fresh connection: its status, or undefined when nothing answered in time. */
export function getStatus(url: string, timeoutMs = 1000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(undefined))
    req.end()
  })
}

/** One JSON POST on a fresh connection: its status, or undefined when nothing answered in time. */
export function postJson(url: string, body: unknown, timeoutMs = 10_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const json = JSON.stringify(body)
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }
    const req = request(url, { method: 'POST', agent: false, timeout: timeoutMs, headers }, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(undefined))
    req.end(json)
  })
}

/**
 * Polls until the URL answers with an accepted status, and returns when that happened in
 * performance.now() time. Fails early when the process exits, and after `timeoutMs` in any case.
 */
export async function waitForHttp(
  child: Child,
  url: string,
  {
    timeoutMs = 30_000,
    intervalMs = 5,
    accept = (status: number): boolean => status === 200,
  }: { timeoutMs?: number; intervalMs?: number; accept?: (status: number) => boolean } = {},
): Promise<number> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    if (child.hasExited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`)
    const status = await getStatus(url)
    if (status !== undefined && accept(status)) return performance.now()
    await sleep(intervalMs)
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s:\n${child.output()}`)
}

// --- Memory and CPU ---------------------------------------------------------------------------------

const procStatus = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
}

/** Resident memory in MB now, and the kernel's high-water mark where it keeps one (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number | undefined } | undefined {
  const status = procStatus(pid)
  const field = (name: string) => {
    const match = status?.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))
    return match ? Number(match[1]) / 1024 : undefined
  }
  if (status !== undefined) {
    const rssMb = field('VmRSS')
    return rssMb === undefined ? undefined : { rssMb, peakMb: field('VmHWM') }
  }
  try {
    const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim())
    return Number.isFinite(kb) && kb > 0 ? { rssMb: kb / 1024, peakMb: undefined } : undefined
  } catch {
    return undefined
  }
}

/** Follows one process's memory: the high-water mark where the kernel keeps it, sampled maxima otherwise. */
export function watchMemory(pid: number, everyMs = 200) {
  let peak = 0
  const sample = () => {
    const memory = memoryOf(pid)
    if (memory) peak = Math.max(peak, memory.rssMb, memory.peakMb ?? 0)
  }
  sample()
  const timer = setInterval(sample, everyMs)
  timer.unref()
  return {
    /** The peak so far, taking one more sample first. */
    peakMb: () => {
      sample()
      return peak
    },
    stop: () => clearInterval(timer),
  }
}

/** The process and all its descendants, parents before their children (Linux and macOS `ps`). */
export function processTree(pid: number): number[] {
  let listing: string
  try {
    listing = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
  } catch {
    return [pid]
  }
  const children = new Map<number, number[]>()
  for (const line of listing.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number]
    children.set(parent, [...(children.get(parent) ?? []), child])
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []))
  return tree
}

let ticksPerSecond: number | undefined
/** User plus system CPU seconds the process has used, threads included (Linux only). */
export function cpuSecondsOf(pid: number): number | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  // Fields after the command name, which may itself hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

// --- Load -------------------------------------------------------------------------------------------

export interface LoadOptions {
  url: string
  connections: number
  seconds: number
  requests: autocannon.Request[]
  /** Requests per second across all connections; unlimited when absent. */
  overallRate?: number
  /** Asked after each response: true ends the load there (a pool of one-use tokens ran dry). */
  shouldStop?: () => boolean
}

export interface LoadResult {
  /** 2xx responses per second. */
  rps: number
  /** Latencies of the 2xx responses, in milliseconds. */
  p50: number
  p99: number
  ok: number
  /** Responses that were not 2xx. */
  failed: number
  /** Connection errors and timeouts. */
  errors: number
  seconds: number
}

const running = new Set<autocannon.Instance>()

/**
 * Drives the target with autocannon. Latencies are recorded here, unrounded: autocannon's own
 * histogram keeps whole milliseconds, too coarse for a 4 ms median.
 */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = []
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        // autocannon stops at its next sample: sampling often makes a run end when it should.
        sampleInt: 100,
        requests: options.requests,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, result) => {
        running.delete(instance)
        if (error) return reject(error)
        const sorted = Float64Array.from(latencies).sort()
        resolve({
          rps: result['2xx'] / result.duration,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          ok: result['2xx'],
          failed: result.non2xx,
          errors: result.errors,
          seconds: result.duration,
        })
      },
    )
    running.add(instance)
    instance.on('response', (_client, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms)
      if (options.shouldStop?.()) instance.stop()
    })
  })
}

/** Ends every load in flight (on interruption); their promises settle with what they measured. */
export function stopLoads(): void {
  for (const instance of running) instance.stop()
}

// --- Statistics -------------------------------------------------------------------------------------

/** Nearest-rank percentile of sorted values; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number
}

export function median(values: number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (finite.length === 0) return Number.NaN
  const middle = Math.floor(finite.length / 2)
  return finite.length % 2
    ? (finite[middle] as number)
    : ((finite[middle - 1] as number) + (finite[middle] as number)) / 2
}

/** Where a path is, said relative to the project (for messages). */
export const fromRoot = (path: string) => relative(ROOT, path) || '.'

/** Runs `work` for 0..count-1, `concurrency` at a time, and returns the results in that order. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await work(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}

/** An HTTP answer with its body parsed as JSON where it is JSON. */
export interface Answer {
  status: number
  headers: Headers
  body: unknown
}

export async function fetchJson(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, headers: response.headers, body }
}
