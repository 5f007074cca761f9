import { isConnectionFailure, isReadOnly } from '../db/errors.js'
import { MigrationsPending } from '../db/migrations-pending.js'
import { formatDuration } from '../duration.js'

export type HealthStatus = 'healthy' | 'degraded' | 'unhealthy'

/** One readiness check as the probes report it. */
export interface CheckResult {
  name: 'database' | 'shutdown'
  status: 'pass' | 'warn' | 'fail'
  /** Text such as `1.234ms`; `0s` when no connection could be made. */
  response_time: string
  message: string
}

/** The spec's latency rules: under 100 ms passes, up to 500 ms warns, slower or failing fails. */
export const WARN_AFTER_MS = 100
export const FAIL_AFTER_MS = 500

export interface DatabaseCheckOptions {
  ping: () => Promise<void>
  timeoutMs: number
  /** A monotonic clock in milliseconds; injectable so tests can drive the latency classes. */
  now: () => number
}

/** Pings the database within the timeout and classifies the answer by its latency. */
export async function checkDatabase({ ping, timeoutMs, now }: DatabaseCheckOptions): Promise<CheckResult> {
  const started = now()
  let timer: NodeJS.Timeout | undefined
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs)
    })
    await Promise.race([ping(), timeout])
  } catch (error) {
    const elapsed = now() - started
    if (error instanceof CheckTimeout)
      return fail(formatDuration(elapsed), `database did not answer within ${formatDuration(timeoutMs)}`)
    // docs/contract.md: `0s` when no connection could be made at all.
    if (isConnectionFailure(error)) return fail('0s', 'database connection could not be made')
    // Start-up migrations that wait for a writable database: its message says why, and what comes next.
    if (error instanceof MigrationsPending) return fail(formatDuration(elapsed), error.message)
    if (isReadOnly(error))
      return fail(formatDuration(elapsed), 'database is read-only (a standby, not the primary): writes would fail')
    return fail(formatDuration(elapsed), 'database query failed')
  } finally {
    clearTimeout(timer)
  }
  const elapsed = now() - started
  const responseTime = formatDuration(elapsed)
  if (elapsed < WARN_AFTER_MS)
    return { name: 'database', status: 'pass', response_time: responseTime, message: 'database is reachable' }
  if (elapsed <= FAIL_AFTER_MS)
    return {
      name: 'database',
      status: 'warn',
      response_time: responseTime,
      message: `database answered slowly (over ${WARN_AFTER_MS}ms)`,
    }
  return fail(responseTime, `database answered too slowly (over ${FAIL_AFTER_MS}ms)`)
}

export function overallStatus(checks: CheckResult[]): HealthStatus {
  if (checks.some((check) => check.status === 'fail')) return 'unhealthy'
  if (checks.some((check) => check.status === 'warn')) return 'degraded'
  return 'healthy'
}

class CheckTimeout extends Error {}

const fail = (responseTime: string, message: string): CheckResult => ({
  name: 'database',
  status: 'fail',
  response_time: responseTime,
  message,
})
