import { randomBytes } from 'node:crypto'
import { extname } from 'node:path'
import bcrypt from 'bcryptjs'
import { Piscina } from 'piscina'
import { DEFAULT_QUEUE_MAX } from '../config.js'
import { AppError, ErrorCode, Message } from '../errors.js'
import { publish } from '../events.js'
import type { PasswordTask } from './password-worker.js'

/** Who a piece of password work is for. */
export interface PasswordWork {
  /** The request is gone: while the work waits, it is dropped (RequestGoneError) instead of started. */
  signal?: AbortSignal
  /** The client's key (its address): each client gets a fair share of the threads. */
  client?: string
}

export interface PasswordHasher {
  /**
   * Every operation waits for a thread in its client's queue; the queues are served in turn. Work that
   * could not finish within the time allowed (SERVER_WRITETIMEOUT), or past the queue's bound, is
   * refused at once with a 503 AppError carrying Retry-After.
   */
  hash(password: string, work?: PasswordWork): Promise<string>
  /**
   * Compares against the stored hash, or against a dummy hash of the current cost when there is none.
   * A failure is answered no sooner than a compare at the slowest cost in use would take.
   */
  verify(password: string, hash: string | undefined, work?: PasswordWork): Promise<boolean>
  /** True when the stored hash was made at another cost and should be replaced on this login. */
  needsRehash(hash: string): boolean
  /** Costs of stored hashes (read from the database at start-up), so failures are held to the slowest. */
  costsInUse(costs: number[]): void
  close(): Promise<void>
}

// The worker is written like this module: .ts from source (`npm run dev`, through the tsx loader the
// threads inherit), .js compiled (tsc's output, the tests' build), .mjs beside the bundle `npm start` runs.
const WORKER = new URL(`./password-worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url).href

/**
 * The flags of `argv` that load modules (`--import`, `--require`, `--loader` and their values), the
 * ones a worker thread must share: a worker refuses the V8 and process flags (`npm start`'s heap flags).
 */
export function moduleLoaderFlags(argv: readonly string[]): string[] {
  const kept: string[] = []
  const loader = /^(--import|--require|-r|--loader|--experimental-loader|--conditions|-C)(=|$)/
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string
    if (!loader.test(flag)) continue
    kept.push(flag)
    const value = argv[i + 1]
    if (flag.includes('=') || value === undefined) continue
    kept.push(value)
    i++
  }
  return kept
}

/** How long a hashing thread may sit without work before it stops. */
export const IDLE_WORKER_MS = 30_000

/** A failed check is held this many times the smoothed time of a compare at the slowest cost in use. */
const HOLD_MARGIN = 1.25

/** The queue of work that names no client (the command-line tools). */
const NO_CLIENT = ''

/** The work was dropped before it started: its request was answered or its client went away. */
export class RequestGoneError extends Error {
  constructor() {
    super('request gone before its password work started')
    this.name = 'RequestGoneError'
  }
}

/**
 * The work cannot be done in time: 503 at once, with a Retry-After. Turned away on purpose, so it is
 * logged as a rejection (warn, no stack): a flood answered this way must cost next to nothing.
 */
const queueFull = (retryAfterSeconds: number) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    logFields: { reason: 'password queue full' },
    shed: true,
  })

/** What an operation answered, and the seconds it held a thread (its wait not included). */
interface Done {
  value: string | boolean
  seconds: number
}

interface Waiting {
  task: PasswordTask
  client: string
  signal: AbortSignal | undefined
  resolve(done: Done): void
  reject(error: Error): void
  onAbort(): void
}

const costOf = (hash: string) => {
  try {
    return bcrypt.getRounds(hash)
  } catch {
    return undefined
  }
}

/**
 * bcrypt at the configured cost in a pool of worker threads, up to one per core by default, so a burst
 * of logins neither blocks the event loop nor stays on one core. Threads start with the work and stop
 * after IDLE_WORKER_MS without it: each holds ~10 MB, and starting one takes milliseconds beside the
 * ~100 ms of a hash.
 */
export function createPasswordHasher({
  cost,
  workers,
  queueMax = DEFAULT_QUEUE_MAX,
  maxWaitMs = 0,
  idleWorkerMs = IDLE_WORKER_MS,
}: {
  cost: number
  workers: number
  /** BCRYPT_QUEUE_MAX: operations that may wait for a thread in all; more are refused at once. */
  queueMax?: number
  /** SERVER_WRITETIMEOUT: work expected to finish later than this is refused at once; 0 for no limit. */
  maxWaitMs?: number
  idleWorkerMs?: number
}): PasswordHasher {
  const pool = new Piscina<PasswordTask, string | boolean>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: idleWorkerMs,
    // piscina loads the worker with require() before import(). On Node 20 the require() of an ES module
    // can end the whole process with a V8 fatal error ("IsGraphAsync must be used on an instantiated
    // module") when it meets the module mid-load: with require(esm) off in the threads, the worker is
    // loaded by import() alone. The parent's module loaders (TypeScript under `npm run dev`) are kept.
    execArgv: [...moduleLoaderFlags(process.execArgv), '--no-experimental-require-module'],
  })

  // The queues are ours, not piscina's: piscina would start a queued task whatever became of its
  // request, and aborting a task it had started would kill the thread. Here work waits until a thread
  // is free and leaves the moment its request is gone, so a flood of abandoned logins costs nothing.
  // docs/contract.md ("Credentials"): each client has a queue of its own and the queues take turns (the
  // Map's order is the round: a served queue goes to the back), so a client with a thousand
  // operations waiting delays another client's one by at most one of its own per turn.
  const queues = new Map<string, Waiting[]>()
  let waitingCount = 0
  let running = 0
  // Seconds one operation takes, smoothed: what the wait of a queued operation is estimated from. It
  // starts from about 0.1 s at cost 10, doubling with each step of the cost, until work is measured.
  let averageSeconds = 0.1 * 2 ** (cost - 10)

  const remove = (entry: Waiting) => {
    const queue = queues.get(entry.client)
    const at = queue?.indexOf(entry) ?? -1
    if (!queue || at < 0) return false
    queue.splice(at, 1)
    if (queue.length === 0) queues.delete(entry.client)
    waitingCount--
    return true
  }

  const start = (entry: Waiting) => {
    running++
    const started = performance.now()
    const finished = () => {
      const seconds = (performance.now() - started) / 1000
      averageSeconds = 0.8 * averageSeconds + 0.2 * seconds
      publish.passwordHash({ operation: entry.task.op, seconds })
      running--
      next()
      return seconds
    }
    pool.run(entry.task).then(
      (value) => entry.resolve({ value, seconds: finished() }),
      (error: Error) => {
        finished()
        entry.reject(error)
      },
    )
  }
  const next = () => {
    while (running < workers) {
      const turn = queues.entries().next()
      if (turn.done) return
      const [client, queue] = turn.value
      const entry = queue.shift() as Waiting
      queues.delete(client)
      if (queue.length > 0) queues.set(client, queue)
      waitingCount--
      entry.signal?.removeEventListener('abort', entry.onAbort)
      start(entry)
    }
  }

  /**
   * Operations that would start before a new one of `client`'s, the queues taking turns: its own
   * queue, and from every other queue as many as there are rounds before its turn comes.
   */
  const aheadOf = (client: string) => {
    const own = queues.get(client)?.length ?? 0
    let ahead = own
    for (const [other, queue] of queues) if (other !== client) ahead += Math.min(queue.length, own + 1)
    return ahead
  }

  const longestQueue = () => {
    let longest: Waiting[] | undefined
    for (const queue of queues.values()) if (!longest || queue.length > longest.length) longest = queue
    return longest
  }

  const run = (task: PasswordTask, work: PasswordWork = {}): Promise<Done> =>
    new Promise<Done>((resolve, reject) => {
      const { signal, client = NO_CLIENT } = work
      if (signal?.aborted) return reject(new RequestGoneError())
      if (running >= workers) {
        const retryAfter = () => Math.max(1, Math.ceil(((waitingCount + running) * averageSeconds) / workers))
        const ahead = aheadOf(client)
        // When it would finish: the operations ahead and those running share the threads, then its own.
        const finishSeconds = ((ahead + running) * averageSeconds) / workers + averageSeconds
        if (maxWaitMs > 0 && finishSeconds * 1000 > maxWaitMs) return reject(queueFull(retryAfter()))
        if (waitingCount >= queueMax) {
          // A full queue is no client's to keep: the newest operation of the longest queue gives way to
          // a client with fewer waiting, so one client filling the bound does not lock the others out.
          const longest = longestQueue()
          const own = queues.get(client)?.length ?? 0
          const evicted = longest && longest.length > own + 1 ? longest[longest.length - 1] : undefined
          if (!evicted) return reject(queueFull(retryAfter()))
          remove(evicted)
          evicted.signal?.removeEventListener('abort', evicted.onAbort)
          evicted.reject(queueFull(retryAfter()))
        }
      }
      const entry: Waiting = {
        task,
        client,
        signal,
        resolve,
        reject,
        onAbort: () => {
          if (remove(entry)) reject(new RequestGoneError())
        },
      }
      signal?.addEventListener('abort', entry.onAbort, { once: true })
      const queue = queues.get(client)
      if (queue) queue.push(entry)
      else queues.set(client, [entry])
      waitingCount++
      next()
    })

  const hash = async (password: string, work?: PasswordWork) =>
    (await run({ op: 'hash', password, cost }, work)).value as string

  // Timing must not reveal whether an account exists: an unknown email costs one compare at the
  // current cost, against a hash of a random password that nothing can match. Made at start-up so the
  // first unknown email is not slower than the rest.
  const dummyHash = hash(randomBytes(32).toString('hex'))
  dummyHash.catch(() => {}) // a pool closed before it finished; verify() would report the error itself

  // Nor may it reveal an account whose hash has another cost (made by the tools, or before BCRYPT_COST
  // changed): such a compare takes 2^(difference) times as long. Every failed check is held until a
  // compare at the slowest cost in use would have finished: the time measured at that cost, or until
  // one has run, the time at the current cost scaled by the difference. The hold is a timer, not work:
  // it costs no thread.
  let slowestCost = cost
  const noteCost = (stored: number | undefined) => {
    if (stored !== undefined && stored > slowestCost) slowestCost = stored
  }
  /** Seconds a compare takes at each cost seen, smoothed. */
  const compareSeconds = new Map<number, number>()
  const holdFailure = async (stored: number, ranSeconds: number) => {
    const before = compareSeconds.get(stored)
    compareSeconds.set(stored, before === undefined ? ranSeconds : 0.8 * before + 0.2 * ranSeconds)
    const slowest =
      compareSeconds.get(slowestCost) ??
      (compareSeconds.get(cost) ?? ranSeconds * 2 ** (cost - stored)) * 2 ** (slowestCost - cost)
    // A quarter more than the smoothed time: a compare at the slowest cost that ran long must not stand
    // out above the held ones.
    const holdMs = (HOLD_MARGIN * slowest - ranSeconds) * 1000
    if (holdMs > 1) await new Promise((resolve) => setTimeout(resolve, holdMs))
  }

  return {
    hash,
    verify: async (password, stored, work) => {
      const against = stored ?? (await dummyHash)
      const storedCost = stored === undefined ? cost : costOf(stored)
      noteCost(storedCost)
      const { value, seconds } = await run({ op: 'compare', password, hash: against }, work)
      if (stored !== undefined && value === true) return true
      await holdFailure(storedCost ?? cost, seconds)
      return false
    },
    needsRehash: (stored) => bcrypt.getRounds(stored) !== cost,
    costsInUse: (costs) => {
      for (const stored of costs) noteCost(stored)
    },
    close: () => {
      for (const queue of [...queues.values()]) for (const entry of [...queue]) entry.onAbort()
      return pool.destroy()
    },
  }
}
