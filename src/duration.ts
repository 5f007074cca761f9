const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/** Go's longest duration, 2^63 - 1 nanoseconds (about 292 years): longer text is refused, as Go does. */
export const MAX_DURATION_MS = 9_223_372_036_854.775

const PART = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/y

/** Parses Go's duration text (`900ms`, `30s`, `1h30m`) into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  if (text === '0') return 0
  if (text === '') return null
  let total = 0
  PART.lastIndex = 0
  while (PART.lastIndex < text.length) {
    const start = PART.lastIndex
    const match = PART.exec(text)
    if (!match || match.index !== start) return null
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number)
  }
  return total <= MAX_DURATION_MS ? total : null
}

/** Formats milliseconds the way Go prints a duration: `1.234ms`, `2.5s`, `0s`. */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0s'
  if (ms < 1) return `${trim(ms * 1000)}µs`
  if (ms < 1000) return `${trim(ms)}ms`
  const hours = Math.floor(ms / 3_600_000)
  const minutes = Math.floor((ms % 3_600_000) / 60_000)
  const seconds = (ms % 60_000) / 1000
  return `${hours ? `${hours}h` : ''}${hours || minutes ? `${minutes}m` : ''}${trim(seconds)}s`
}

/** Human uptime such as `3h 25m 10s`. */
export function formatUptime(ms: number): string {
  const total = Math.floor(ms / 1000)
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const parts: string[] = []
  if (days) parts.push(`${days}d`)
  if (days || hours) parts.push(`${hours}h`)
  if (days || hours || minutes) parts.push(`${minutes}m`)
  parts.push(`${seconds}s`)
  return parts.join(' ')
}

const UNITS: [number, string][] = [
  [3_600_000, 'h'],
  [60_000, 'm'],
  [1000, 's'],
]

/**
 * The window as it is written in the settings (`30s`, `1m`, `1h30m`): Go's duration text without
 * its zero parts, which Go would print (`1m0s`). Windows that are not whole seconds keep Go's form.
 */
export function formatWindow(ms: number): string {
  if (ms < 1000 || ms % 1000 !== 0) return formatDuration(ms)
  let rest = ms
  let text = ''
  for (const [size, unit] of UNITS) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) text += `${count}${unit}`
  }
  return text
}

function trim(value: number): string {
  return String(Number(value.toFixed(3)))
}
