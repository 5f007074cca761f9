import { randomBytes } from 'node:crypto'
import { extname } from 'node:path'
import bcrypt from 'bcryptjs'
import { Piscina } from 'piscina'
import { DEFAULT_QUEUE_MAX } from '../config.js'
import { AppError, ErrorCode, Message } from '../errors.js'
import { publish } from '../events.js'
import type { PasswordTask } from './password-worker.js'

export interface PasswordHasher {
  /**
   * Every operation waits in a bounded queue for a thread. `signal` says the request is gone: while
   * the work waits, it is dropped (rejected with RequestGoneError) instead of started. A full queue
   * rejects at once with a 503 AppError carrying Retry-After.
   */
  hash(password: string, signal?: AbortSignal): Promise<string>
  /** Compares against the stored hash, or against a dummy hash of the same cost when there is none. */
  verify(password: string, hash: string | undefined, signal?: AbortSignal): Promise<boolean>
  /** True when the stored hash was made at another cost and should be replaced on this login. */
  needsRehash(hash: string): boolean
  close(): Promise<void>
}

// The worker is written like this module: .ts from source (`npm run dev`, through the tsx loader the
// threads inherit), .js compiled (tsc's output, the tests' build), .mjs beside the bundle `npm start` runs.
const WORKER = new URL(`./password-worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url).href

/** How long a hashing thread may sit without work before it stops. */
export const IDLE_WORKER_MS = 30_000

/** The work was dropped before it started: its request was answered or its client went away. */
export class RequestGoneError extends Error {
  constructor() {
    super('request gone before its password work started')
    this.name = 'RequestGoneError'
  }
}

/** Every thread is busy and the queue is at its bound: 503 at once, with a Retry-After. */
const queueFull = (retryAfterSeconds: number) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    logFields: { reason: 'password queue full' },
  })

interface Waiting {
  task: PasswordTask
  signal: AbortSignal | undefined
  resolve(value: string | boolean): void
  reject(error: Error): void
  onAbort(): void
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
  idleWorkerMs = IDLE_WORKER_MS,
}: {
  cost: number
  workers: number
  /** BCRYPT_QUEUE_MAX: operations that may wait for a thread; more are refused at once. */
  queueMax?: number
  idleWorkerMs?: number
}): PasswordHasher {
  const pool = new Piscina<PasswordTask, string | boolean>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: idleWorkerMs,
  })

  // The queue is ours, not piscina's: piscina would start a queued task whatever became of its
  // request, and aborting a task it had started would kill the thread. Here work waits in `waiting`
  // until a thread is free, leaves it the moment its request is gone, and is refused when the queue is
  // full, so a flood of abandoned logins costs nothing and a live one waits behind at most `queueMax`.
  const waiting = new Set<Waiting>()
  let running = 0
  // Seconds one operation takes, smoothed: what a refused caller is told to wait per queued operation.
  let averageSeconds = 0.1

  const start = (entry: Waiting) => {
    running++
    const started = performance.now()
    pool
      .run(entry.task)
      .then(entry.resolve, entry.reject)
      .finally(() => {
        const seconds = (performance.now() - started) / 1000
        averageSeconds = 0.8 * averageSeconds + 0.2 * seconds
        publish.passwordHash({ operation: entry.task.op, seconds })
        running--
        next()
      })
  }
  const next = () => {
    for (const entry of waiting) {
      if (running >= workers) return
      waiting.delete(entry)
      entry.signal?.removeEventListener('abort', entry.onAbort)
      start(entry)
    }
  }

  const run = <T extends string | boolean>(task: PasswordTask, signal?: AbortSignal): Promise<T> =>
    new Promise<string | boolean>((resolve, reject) => {
      if (signal?.aborted) return reject(new RequestGoneError())
      if (waiting.size >= queueMax && running >= workers) {
        const retryAfter = Math.max(1, Math.ceil(((waiting.size + running) * averageSeconds) / workers))
        return reject(queueFull(retryAfter))
      }
      const entry: Waiting = {
        task,
        signal,
        resolve,
        reject,
        onAbort: () => {
          waiting.delete(entry)
          reject(new RequestGoneError())
        },
      }
      signal?.addEventListener('abort', entry.onAbort, { once: true })
      waiting.add(entry)
      next()
    }) as Promise<T>

  const hash = (password: string, signal?: AbortSignal) => run<string>({ op: 'hash', password, cost }, signal)

  // Timing must not reveal whether an account exists: an unknown email costs one compare at the
  // current cost, against a hash of a random password that nothing can match. Made at start-up so the
  // first unknown email is not slower than the rest.
  const dummyHash = hash(randomBytes(32).toString('hex'))
  dummyHash.catch(() => {}) // a pool closed before it finished; verify() would report the error itself

  return {
    hash,
    verify: async (password, stored, signal) => {
      const matches = await run<boolean>({ op: 'compare', password, hash: stored ?? (await dummyHash) }, signal)
      return stored !== undefined && matches
    },
    needsRehash: (stored) => bcrypt.getRounds(stored) !== cost,
    close: () => {
      for (const entry of waiting) entry.onAbort()
      return pool.destroy()
    },
  }
}
