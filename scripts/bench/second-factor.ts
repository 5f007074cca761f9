/**
 * What a second factor costs: the login's second step (`POST /api/v1/auth/mfa/verify`) and a passkey
 * sign-in (its options, then its assertion), each against a password login at the service's bcrypt
 * cost, in alternating runs on one service.
 */
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { softAuthenticator } from '../../test/soft-authenticator.js'
import {
  atMost,
  type Bench,
  bearer,
  type Comparison,
  describeRun,
  fixed,
  JSON_BODY,
  type RunFigures,
  ratio,
  type ScenarioResult,
  type Server,
  type Side,
  startService,
} from './harness.js'
import { cpuSecondsOf, fetchJson, inParallel, percentile } from './lib.js'
import { BENCH_PASSWORD, type BenchUser, hashPassword } from './seed.js'

/** Sign-ins of each kind per run: enough for a steady CPU reading, few enough for one-use tokens and codes. */
const PER_RUN = 200
const RECOVERY_CODES_EACH = 10

/** A POST to the service and its answer's `data`. */
async function call(server: Server, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const answer = await fetchJson(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...JSON_BODY, ...headers },
    body: JSON.stringify(body ?? {}),
  })
  return { status: answer.status, data: (answer.body as { data?: Record<string, unknown> }).data }
}

/**
 * `count` operations by `concurrency` workers, each operation one sign-in of however many requests:
 * operations per second, their latencies, and the service's CPU per operation.
 */
async function timed(
  server: Server,
  count: number,
  concurrency: number,
  operation: (index: number) => Promise<boolean>,
): Promise<RunFigures> {
  const cpuBefore = cpuSecondsOf(server.child.pid)
  const started = performance.now()
  // Each operation's latency, or undefined when it failed.
  const outcomes = await inParallel(count, concurrency, async (index) => {
    const began = performance.now()
    return (await operation(index)) ? performance.now() - began : undefined
  })
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = cpuSecondsOf(server.child.pid)
  const latencies = Float64Array.from(outcomes.filter((latency) => latency !== undefined)).sort()
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed: count - latencies.length,
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { cpuUsPerRequest: ((cpuAfter - cpuBefore) * 1e6) / count }
      : {}),
  }
}

export async function secondfactor(bench: Bench): Promise<ScenarioResult> {
  const { runs, connections } = bench.settings
  const hash = await hashPassword(10)
  const totpUsers = Math.ceil(((runs + 1) * PER_RUN) / RECOVERY_CODES_EACH)
  const [withTotp, plain, withPasskey] = await Promise.all([
    bench.seeder.users({ prefix: 'mfa-totp', count: totpUsers, todosEach: 0, passwordHash: hash }),
    bench.seeder.users({ prefix: 'mfa-plain', count: 32, todosEach: 0, passwordHash: hash }),
    bench.seeder.users({ prefix: 'mfa-passkey', count: 32, todosEach: 0, passwordHash: hash }),
  ])
  const service = await startService(bench, 'service (second factor)', {
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  })
  try {
    const port = new URL(service.url).port
    const authenticator = softAuthenticator(`http://localhost:${port}`)

    bench.log(`second factor: TOTP for ${withTotp.length} users, a passkey for ${withPasskey.length}`)
    const recovery = new Map<number, string[]>()
    for (const user of withTotp) {
      const started = await call(service, '/api/v1/auth/mfa/totp', { password: BENCH_PASSWORD }, bearer(user))
      const secret = String(started.data?.secret)
      const code = TOTP.generate({ secret: Secret.fromBase32(secret) })
      const confirmed = await call(service, '/api/v1/auth/mfa/totp/confirm', { code }, bearer(user))
      if (confirmed.status !== 200) throw new Error(`TOTP confirmation failed: ${confirmed.status}`)
      recovery.set(user.id, confirmed.data?.recovery_codes as string[])
    }
    const credentialOf = new Map<number, string>()
    for (const user of withPasskey) {
      const options = await call(service, '/api/v1/auth/passkeys/registration/options', {}, bearer(user))
      const registered = await call(
        service,
        '/api/v1/auth/passkeys/registration',
        authenticator.create(options.data as never),
        bearer(user),
      )
      if (registered.status !== 201) throw new Error(`passkey registration failed: ${registered.status}`)
      credentialOf.set(user.id, [...authenticator.credentials.keys()].at(-1) as string)
    }

    const login = (user: BenchUser) =>
      call(service, '/api/v1/auth/login', { email: user.email, password: BENCH_PASSWORD })
    const waiting: { user: BenchUser; token: string }[] = []
    let totpLogins = 0
    const sides = {
      login: { label: 'baseline: POST /api/v1/auth/login (password only, bcrypt cost 10)', runs: [] } as Side,
      firstStep: { label: 'POST /api/v1/auth/login with TOTP on (the first step)', runs: [] } as Side,
      verify: { label: 'POST /api/v1/auth/mfa/verify (a recovery code)', runs: [] } as Side,
      passkey: { label: 'passkey sign-in (options and assertion)', runs: [] } as Side,
    }
    const steps: [Side, () => Promise<RunFigures>][] = [
      [
        sides.login,
        () =>
          timed(
            service,
            PER_RUN,
            connections,
            async (i) => (await login(plain[i % plain.length] as BenchUser)).status === 200,
          ),
      ],
      [
        sides.firstStep,
        () =>
          timed(service, PER_RUN, connections, async () => {
            const user = withTotp[totpLogins++ % withTotp.length] as BenchUser
            const answer = await login(user)
            if (answer.status !== 200 || answer.data?.mfa_required !== true) return false
            waiting.push({ user, token: String(answer.data.mfa_token) })
            return true
          }),
      ],
      [
        sides.verify,
        () =>
          timed(service, Math.min(PER_RUN, waiting.length), connections, async () => {
            const next = waiting.shift()
            const code = next && recovery.get(next.user.id)?.pop()
            if (!next || !code) return false
            const answer = await call(service, '/api/v1/auth/mfa/verify', {
              mfa_token: next.token,
              recovery_code: code,
            })
            return answer.status === 200
          }),
      ],
      [
        sides.passkey,
        () =>
          timed(service, PER_RUN, connections, async (i) => {
            const user = withPasskey[i % withPasskey.length] as BenchUser
            const options = await call(service, '/api/v1/auth/passkeys/authentication/options')
            const assertion = authenticator.get(options.data as never, credentialOf.get(user.id))
            return (await call(service, '/api/v1/auth/passkeys/authentication', assertion)).status === 200
          }),
      ],
    ]
    for (let run = 0; run < runs; run++) {
      // The verify run takes the tokens the first step left: it always follows it; the pairs alternate.
      const [plainLogin, firstStep, verify, passkey] = steps as [
        (typeof steps)[number],
        (typeof steps)[number],
        (typeof steps)[number],
        (typeof steps)[number],
      ]
      const order = run % 2 === 0 ? [plainLogin, firstStep, verify, passkey] : [passkey, firstStep, verify, plainLogin]
      for (const [side, measure] of order) {
        const figures = await measure()
        side.runs.push(figures)
        bench.log(
          `  ${side.label}, run ${run + 1}/${runs}: ${describeRun(figures)}, ${fixed(figures.cpuUsPerRequest ?? Number.NaN, 0)} µs CPU each`,
        )
      }
    }

    const compare = (title: string, service_: Side): Comparison => ({
      title,
      kind: 'load',
      baseline: sides.login,
      service: service_,
    })
    const verify = compare('POST /api/v1/auth/mfa/verify against a password login', sides.verify)
    const firstStep = compare('a login with TOTP on (its first step) against a password login', sides.firstStep)
    const passkey = compare('a passkey sign-in (two requests) against a password login', sides.passkey)
    const failures = Object.values(sides).reduce(
      (sum, side) => sum + side.runs.reduce((n, r) => n + (r.failed ?? 0), 0),
      0,
    )
    return {
      name: 'secondfactor',
      comparisons: [firstStep, verify, passkey],
      checks: [
        { ok: failures === 0, text: `every sign-in answered 200 (${failures} did not)` },
        atMost('CPU per /mfa/verify / per password login', ratio(verify, 'cpuUsPerRequest'), 0.5),
        atMost('CPU per passkey sign-in / per password login', ratio(passkey, 'cpuUsPerRequest'), 0.5),
      ],
      notes: [
        'A login with TOTP on is two requests: the password step (a bcrypt compare, then an mfa_token) and /mfa/verify; the second step costs no bcrypt. The verify runs use recovery codes, whose cost is that of a TOTP code within a few microseconds (an AES-GCM open and an HMAC against a SHA-256), because a TOTP code is accepted once per user per 30-second step.',
        `${PER_RUN} sign-ins of each kind per run, ${connections} at a time; CPU is the service process's, per sign-in`,
      ],
    }
  } finally {
    await service.stop()
  }
}
