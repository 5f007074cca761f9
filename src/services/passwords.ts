import { randomBytes } from 'node:crypto'
import { extname } from 'node:path'
import bcrypt from 'bcryptjs'
import { Piscina } from 'piscina'
import { publish } from '../events.js'
import type { PasswordTask } from './password-worker.js'

export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Compares against the stored hash, or against a dummy hash of the same cost when there is none. */
  verify(password: string, hash: string | undefined): Promise<boolean>
  /** True when the stored hash was made at another cost and should be replaced on this login. */
  needsRehash(hash: string): boolean
  close(): Promise<void>
}

// The worker is written like this module: .ts from source (tests, `npm run dev`, through the tsx loader
// the threads inherit), .js from tsc's output, .mjs beside the bundle `npm start` runs.
const WORKER = new URL(`./password-worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url).href

/** How long a hashing thread may sit without work before it stops. */
export const IDLE_WORKER_MS = 30_000

/**
 * bcrypt at the configured cost in a pool of worker threads, up to one per core by default, so a burst
 * of logins neither blocks the event loop nor stays on one core. Threads start with the work and stop
 * after IDLE_WORKER_MS without it: each holds ~10 MB, and starting one takes milliseconds beside the
 * ~100 ms of a hash.
 */
export function createPasswordHasher({
  cost,
  workers,
  idleWorkerMs = IDLE_WORKER_MS,
}: {
  cost: number
  workers: number
  idleWorkerMs?: number
}): PasswordHasher {
  const pool = new Piscina<PasswordTask, string | boolean>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: idleWorkerMs,
  })
  const run = async <T extends string | boolean>(task: PasswordTask): Promise<T> => {
    const started = performance.now()
    try {
      return (await pool.run(task)) as T
    } finally {
      publish.passwordHash({ operation: task.op, seconds: (performance.now() - started) / 1000 })
    }
  }
  const hash = (password: string) => run<string>({ op: 'hash', password, cost })

  // Timing must not reveal whether an account exists: an unknown email costs one compare at the
  // current cost, against a hash of a random password that nothing can match. Made at start-up so the
  // first unknown email is not slower than the rest.
  const dummyHash = hash(randomBytes(32).toString('hex'))
  dummyHash.catch(() => {}) // a pool closed before it finished; verify() would report the error itself

  return {
    hash,
    verify: async (password, stored) => {
      const matches = await run<boolean>({ op: 'compare', password, hash: stored ?? (await dummyHash) })
      return stored !== undefined && matches
    },
    needsRehash: (stored) => bcrypt.getRounds(stored) !== cost,
    close: () => pool.destroy(),
  }
}
