/**
 * The results, twice: a plain text table for people, and a JSON document with every run for comparing
 * commits. Every service figure sits beside its ratio to the baseline measured in the same run.
 */
import type { Comparison, RunFigures, ScenarioResult, Settings, Side } from './harness.js'
import { mid, ratio } from './harness.js'

export interface Meta {
  startedAt: string
  finishedAt: string
  commit: string
  uncommittedChanges: boolean
  node: string
  cpus: number
  cpuModel: string
  /** 1-minute load averages at the start and the end: how busy the machine was besides the benchmark. */
  loadAverage: { start: number; end: number }
  settings: Omit<Settings, 'adminUrl'> & { database: string }
  profiles?: string
  /** --gc: every server ran with V8's GC trace. */
  gcTrace?: boolean
  /** The peer compared with (`--peer`): its name and version. */
  peer?: string
}

const KEYS: (keyof RunFigures)[] = [
  'rps',
  'p50',
  'p99',
  'cpuUsPerRequest',
  'scavengeUsPerRequest',
  'promotedKbPerRequest',
  'readyMs',
  'rssMb',
]

/** Each figure's median over the runs, with the process peak standing in for memory where it is known. */
function medians(side: Side): Partial<Record<keyof RunFigures, number>> {
  const out: Partial<Record<keyof RunFigures, number>> = {}
  for (const key of KEYS) {
    const value = mid(side, key)
    if (Number.isFinite(value)) out[key] = value
  }
  if (side.peakRssMb !== undefined) out.rssMb = side.peakRssMb
  return out
}

function ratios(comparison: Comparison) {
  const out: Partial<Record<keyof RunFigures, number>> = {}
  for (const key of KEYS) {
    const value = ratio(comparison, key)
    if (Number.isFinite(value)) out[key] = value
  }
  // Memory is the peak over each process's life, not a per-run figure.
  const { baseline, service } = comparison
  if (service.peakRssMb !== undefined && baseline.peakRssMb) out.rssMb = service.peakRssMb / baseline.peakRssMb
  return out
}

/** How far apart the runs were: (max - min) / median of the headline figure. */
function spread(side: Side, key: keyof RunFigures): number | undefined {
  const values = side.runs.map((run) => run[key]).filter((value): value is number => Number.isFinite(value))
  if (values.length < 2) return undefined
  return (Math.max(...values) - Math.min(...values)) / mid(side, key)
}

const DIGITS: Partial<Record<keyof RunFigures, number>> = {
  rps: 1,
  p50: 2,
  p99: 2,
  cpuUsPerRequest: 0,
  scavengeUsPerRequest: 1,
  promotedKbPerRequest: 2,
  readyMs: 0,
  rssMb: 1,
}

const LOAD_COLUMNS: [keyof RunFigures, string][] = [
  ['rps', 'req/s'],
  ['p50', 'p50 ms'],
  ['p99', 'p99 ms'],
  ['cpuUsPerRequest', 'CPU µs/req'],
  ['rssMb', 'peak RSS MB'],
]
const GC_COLUMNS: [keyof RunFigures, string][] = [
  ['scavengeUsPerRequest', 'scavenge µs/req'],
  ['promotedKbPerRequest', 'promoted KB/req'],
]
const START_COLUMNS: [keyof RunFigures, string][] = [
  ['readyMs', 'ms to ready'],
  ['rssMb', 'RSS MB at ready'],
]

function table(comparisons: Comparison[], columns: [keyof RunFigures, string][], headline: keyof RunFigures) {
  const labelWidth = Math.max(30, ...comparisons.flatMap((c) => [c.baseline.label.length, c.service.label.length])) + 4
  const valueWidth = (name: string) => Math.max(name.length, 9)
  const header =
    ' '.repeat(labelWidth) +
    columns.map(([, name]) => `${name.padStart(valueWidth(name))}  ${'×'.padStart(5)}`).join('  ') +
    '  spread'
  const lines = [header]
  for (const comparison of comparisons) {
    lines.push(comparison.title)
    const rates = ratios(comparison)
    for (const [side, isService] of [
      [comparison.baseline, false],
      [comparison.service, true],
    ] as const) {
      const values = medians(side)
      const cells = columns.map(([key, name]) => {
        const value = values[key]
        const shown = value === undefined ? '-' : value.toFixed(DIGITS[key] ?? 2)
        const rate = isService ? rates[key] : undefined
        return `${shown.padStart(valueWidth(name))}  ${(rate === undefined ? '' : rate.toFixed(2)).padStart(5)}`
      })
      const runSpread = spread(side, headline)
      lines.push(
        `  ${side.label.padEnd(labelWidth - 2)}${cells.join('  ')}  ${runSpread === undefined ? '' : `±${(runSpread * 50).toFixed(0)}%`}`,
      )
    }
  }
  return lines.join('\n')
}

export function formatReport(meta: Meta, results: ScenarioResult[]): string {
  const { settings } = meta
  const out: string[] = [
    '',
    `Benchmark of ${meta.commit}${meta.uncommittedChanges ? ' with uncommitted changes' : ''} · ${meta.startedAt}`,
    `Node ${meta.node} · ${meta.cpus} CPUs (${meta.cpuModel}) · 1-minute load average ${meta.loadAverage.start.toFixed(
      1,
    )} at the start, ${meta.loadAverage.end.toFixed(1)} at the end`,
    `${settings.connections} connections (reads: ${settings.readConnections.join(' and ')}) · ${settings.warmup} s warm-up · ${settings.runs} runs of ${settings.duration} s, medians · pool ${settings.poolMax} · ${settings.users} users`,
    '× is the median over the runs of the service figure divided by the baseline run beside it; spread is ± half the range of the runs.',
  ]
  if (meta.peer)
    out.push(
      `Peer: ${meta.peer}, in the baseline's place: × is the service over the peer, above 1 for a rate the service's lead, below 1 for CPU or memory.`,
    )
  const overrides = Object.entries(settings.serviceOverrides)
  if (overrides.length > 0)
    out.push(`Service settings: ${overrides.map(([key, value]) => `${key}=${value}`).join(' ')}`)
  const variant = Object.entries(settings.variant)
  if (variant.length > 0)
    out.push(`Variant measured beside the service: ${variant.map(([key, value]) => `${key}=${value}`).join(' ')}`)
  if (settings.runs < 3) out.push('Fewer than 3 runs: a smoke test of the benchmark, not a measurement.')
  if (meta.gcTrace)
    out.push(
      "GC: each server's scavenges (V8's young-generation collections) as --trace-gc-nvp reports them: their pauses and the bytes they promoted to the old generation, per request.",
    )
  if (meta.profiles)
    out.push(
      `CPU profiles in ${meta.profiles}: profiling slows every process, so read the figures of this run with care.`,
    )
  const comparisons = results.flatMap((result) => result.comparisons)
  const loads = comparisons.filter((c) => c.kind === 'load')
  const starts = comparisons.filter((c) => c.kind === 'start')
  if (loads.length > 0)
    out.push('', table(loads, meta.gcTrace ? [...LOAD_COLUMNS, ...GC_COLUMNS] : LOAD_COLUMNS, 'rps'))
  if (starts.length > 0)
    out.push(
      '',
      'Start-up: from spawning the process to its first 200 from /health/ready',
      table(starts, START_COLUMNS, 'readyMs'),
    )
  const checks = results.flatMap((result) => result.checks)
  if (checks.length > 0) {
    out.push('', 'Targets and checks')
    for (const check of checks) out.push(`  ${check.ok ? 'ok  ' : 'MISS'}  ${check.text}`)
  }
  const notes = results.flatMap((result) => [
    ...result.notes.map((note) => `${result.name}: ${note}`),
    ...(result.error ? [`${result.name} FAILED: ${result.error}`] : []),
  ])
  if (notes.length > 0) out.push('', 'Notes', ...notes.map((note) => `  ${note}`))
  return `${out.join('\n')}\n`
}

export function toJson(meta: Meta, results: ScenarioResult[]) {
  return {
    meta,
    scenarios: results.map((result) => ({
      ...result,
      comparisons: result.comparisons.map((comparison) => ({
        ...comparison,
        medians: { baseline: medians(comparison.baseline), service: medians(comparison.service) },
        ratios: ratios(comparison),
      })),
    })),
  }
}
