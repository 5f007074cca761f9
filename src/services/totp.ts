import { Secret, TOTP } from 'otpauth'

/** docs/contract.md, Second factor: RFC 6238's defaults, which every authenticator app reads. */
const ALGORITHM = 'SHA1'
const DIGITS = 6
const PERIOD_SECONDS = 30
/** One step either way: a clock a little off, or a code typed as it changed. */
const WINDOW = 1
/** RFC 4226 asks for at least 128 bits and recommends 160: the SHA-1 block's worth. */
const SECRET_BYTES = 20

/** A new TOTP secret: its raw bytes (what is sealed) and the base32 text an authenticator app takes. */
export function newTotpSecret(): { bytes: Buffer; base32: string } {
  const secret = new Secret({ size: SECRET_BYTES })
  return { bytes: Buffer.from(secret.bytes), base32: secret.base32 }
}

/** The `otpauth://totp/…` URI a QR code carries, naming the issuer and the account. */
export function totpUri(secret: Buffer, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString()
}

/**
 * The time step a code belongs to, or undefined when it matches none within one step of `now`. The
 * caller accepts a step at most once (RFC 6238 §5.2): only a step later than the last one used.
 */
export function matchingStep(secret: Buffer, code: string, now: Date): number | undefined {
  const timestamp = now.getTime()
  const delta = TOTP.validate({
    token: code,
    secret: new Secret({ buffer: bufferOf(secret) }),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp,
    window: WINDOW,
  })
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta
}

const bufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

const totpOf = (secret: Buffer, issuer: string, account: string) =>
  new TOTP({
    issuer,
    label: account,
    secret: new Secret({ buffer: bufferOf(secret) }),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  })
