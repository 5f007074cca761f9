import { Secret, TOTP } from 'otpauth'
import type { App, TestUser } from './helper.js'

/** RFC 6238's step: a code belongs to one 30-second step. */
export const STEP_MS = 30_000

/** The code an authenticator app with this secret shows at `at`, computed as the app would. */
export const codeAt = (secret: string, at: Date | number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: typeof at === 'number' ? at : at.getTime() })

/**
 * The first instant of a time step a minute or so from now: tests move their clock from there (access
 * tokens, stamped by the app's clock, are checked against the real one, so it stays near).
 */
export const stepStart = () => (Math.floor(Date.now() / STEP_MS) + 2) * STEP_MS

export const mfaRequest = (app: App, user: TestUser, method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
  app.inject({ method, url: `/api/v1/auth/mfa${path}`, headers: user.headers, ...(body ? { payload: body } : {}) })

/** Turns TOTP on for the user at the clock's time; the secret and the recovery codes. */
export async function enableTotp(app: App, user: TestUser, now: () => Date) {
  const started = await mfaRequest(app, user, 'POST', '/totp', { password: user.password })
  if (started.statusCode !== 200) throw new Error(`enrolment failed: ${started.statusCode} ${started.body}`)
  const { secret } = started.json().data as { secret: string }
  const confirmed = await mfaRequest(app, user, 'POST', '/totp/confirm', { code: codeAt(secret, now()) })
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`)
  return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] }
}
