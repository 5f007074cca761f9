import { createHash, randomInt } from 'node:crypto'
import type { Db } from '../../db/client.js'
import type { SecondFactorRepository, TotpFactor } from '../../db/repositories/second-factor.js'
import { Message, unavailable } from '../../errors.js'
import type { SecretBox } from '../secret-box.js'
import { matchingStep } from '../totp.js'

/** A second factor as a caller presents it: a TOTP code or a recovery code. */
export type FactorProof = { code: string } | { recoveryCode: string }

export const RECOVERY_CODE_COUNT = 10
/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
/** 16 characters of 5 bits: 80 random bits, which a SHA-256 digest keeps out of reach of guessing. */
const RECOVERY_CODE_LENGTH = 16

/** Ten new recovery codes as the user sees them (`xxxx-xxxx-xxxx-xxxx`), and their digests. */
export function newRecoveryCodes(): { codes: string[]; digests: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
    return characters.join('').replace(/(.{4})(?!$)/g, '$1-')
  })
  return { codes, digests: codes.map(recoveryCodeDigest) }
}

/** The digest of a code as typed: case, dashes and spaces ignored, and Crockford's look-alikes read as digits. */
export function recoveryCodeDigest(code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0')
  return createHash('sha256').update(normalised).digest('hex')
}

/** The key box, or the 503 that says the operator has not set the key. */
export function requireBox(box: SecretBox | undefined): SecretBox {
  if (!box) throw unavailable(Message.MFA_NOT_CONFIGURED)
  return box
}

/** The AES-GCM additional data that binds a sealed secret to its user's row. */
export const secretContext = (userId: number) => `mfa-totp:${userId}`

/**
 * The factor's secret, opened; resealed under the current key when it was sealed under the previous one
 * (a rotation finishes as secrets are used, or at once with the administration tool). A secret no key of
 * the box opens is the operator's mistake, not the user's: a 503 that says so, never "wrong code".
 */
export async function openSecret(
  box: SecretBox,
  repository: SecondFactorRepository,
  factor: TotpFactor,
): Promise<Buffer> {
  const opened = box.open(factor.secretSealed, secretContext(factor.userId))
  if (!opened) throw unavailable(Message.MFA_KEY_MISMATCH)
  if (opened.stale)
    await repository.reseal(factor.userId, factor.secretSealed, box.seal(opened.plain, secretContext(factor.userId)))
  return opened.plain
}

/**
 * Readies one proof against a user whose TOTP is on: the code's time step is found now (the secret
 * opened outside any transaction), and the returned use accepts it, on the transaction given, only if
 * it is a later step than the last accepted, or an unused recovery code. Each use is a compare-and-set,
 * so a code works once however many requests race with it; the use answers false when the proof is
 * wrong or spent.
 */
export async function readyProof(
  deps: { box: SecretBox | undefined; repository: SecondFactorRepository; now: Date },
  factor: TotpFactor,
  proof: FactorProof,
): Promise<(on: Db) => Promise<boolean>> {
  if ('recoveryCode' in proof) {
    const digest = recoveryCodeDigest(proof.recoveryCode)
    return (on) => deps.repository.useRecoveryCode(factor.userId, digest, deps.now, on)
  }
  const secret = await openSecret(requireBox(deps.box), deps.repository, factor)
  const step = matchingStep(secret, proof.code, deps.now)
  return async (on) => step !== undefined && deps.repository.useStep(factor.userId, step, 'enabled', on)
}
