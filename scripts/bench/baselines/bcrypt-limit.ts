/**
 * The login scenario's ceiling: how many bcrypt compares per second bcryptjs reaches with one thread per
 * core and nothing else to do. Each thread runs the call the service's password workers run and warms
 * up; then all start together and count whole compares over a window that ends on one, so no partial
 * compare is lost or counted. The process's CPU time over that window gives the CPU one compare takes:
 * on a busy machine the rate follows the share of the cores the process gets, the CPU much less.
 * Prints `{"rate": compares/s, "cpuUsPerCompare": µs, "threads": n}` on stdout.
 */
import { availableParallelism } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import bcrypt from 'bcryptjs'
import { exitWithParent } from './shared.js'

interface Job {
  password: string
  hash: string
  warmupMs: number
  measureMs: number
}

interface Outcome {
  rate: number
  compares: number
}

const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

if (isMainThread) {
  exitWithParent()
  const job: Job = {
    password: process.env.BENCH_PASSWORD ?? '',
    hash: process.env.BENCH_HASH ?? '',
    warmupMs: Number(process.env.BENCH_WARMUP_SECONDS ?? '1') * 1000,
    measureMs: Number(process.env.BENCH_SECONDS ?? '10') * 1000,
  }
  const threads = Number(process.env.BENCH_THREADS ?? availableParallelism())
  const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url), { workerData: job }))
  const next = (worker: Worker) =>
    new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
  await Promise.all(workers.map(next))
  const cpuAtStart = cpuMicros()
  const outcomes = workers.map(next) as Promise<Outcome>[]
  for (const worker of workers) worker.postMessage('go')
  const done = await Promise.all(outcomes)
  const compares = done.reduce((sum, outcome) => sum + outcome.compares, 0)
  const result = {
    rate: done.reduce((sum, outcome) => sum + outcome.rate, 0),
    cpuUsPerCompare: (cpuMicros() - cpuAtStart) / compares,
    threads,
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
  process.exit(0)
} else {
  const { password, hash, warmupMs, measureMs } = workerData as Job
  const port = parentPort as NonNullable<typeof parentPort>
  const warm = performance.now() + warmupMs
  while (performance.now() < warm) await bcrypt.compare(password, hash)
  const go = new Promise((resolve) => port.once('message', resolve))
  port.postMessage('ready')
  await go
  const start = performance.now()
  let last = start
  let compares = 0
  while (last - start < measureMs) {
    await bcrypt.compare(password, hash)
    compares++
    last = performance.now()
  }
  const outcome: Outcome = { rate: compares / ((last - start) / 1000), compares }
  port.postMessage(outcome)
}
