import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * A rotated token's successor, sealed so that only the holder of the rotated token can open it: the
 * key is derived (HKDF-SHA-256) from the raw token, which the server never stores. This is what lets a
 * client that lost the answer to its refresh get the same successor again (REFRESH_TOKEN_REUSE_INTERVAL)
 * without a readable token in the database. AES-256-GCM, so a tampered seal does not open.
 */
const INFO = 'account-service refresh-token successor v1'
const IV_BYTES = 12
const TAG_BYTES = 16

const keyOf = (token: string) => Buffer.from(hkdfSync('sha256', token, '', INFO, 32))

/** Seals a successor (64 hex characters) under its predecessor; base64 of iv, ciphertext and tag. */
export function sealSuccessor(successor: string, predecessor: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(predecessor), iv)
  const body = Buffer.concat([cipher.update(Buffer.from(successor, 'hex')), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')
}

/** The successor, or undefined when the seal is not this token's or was tampered with. */
export function openSuccessor(sealed: string, predecessor: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined
  const decipher = createDecipheriv('aes-256-gcm', keyOf(predecessor), bytes.subarray(0, IV_BYTES))
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
  try {
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('hex')
  } catch {
    return undefined
  }
}
