import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/** A secret sealed under one of the box's keys, and whether that key is the current one. */
export interface Opened {
  plain: Buffer
  /** Sealed under the previous key: seal it again under the current one. */
  stale: boolean
}

export interface SecretBox {
  /** AES-256-GCM under the current key; `context` is bound to the ciphertext (it must match to open). */
  seal(plain: Buffer, context: string): string
  /** undefined when no key of the box opens it, or the context differs. */
  open(sealed: string, context: string): Opened | undefined
}

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

interface Key {
  id: string
  bytes: Buffer
}

/**
 * A key from the operator's text: HKDF-SHA-256 gives 32 bytes whatever its length or alphabet. Its id
 * (a digest of the derived key, never the key) is written beside each ciphertext, so the box knows which
 * key to try and a rotation can tell what is still sealed under the old one.
 */
function deriveKey(text: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', text, 'second-factor', 'totp-secret', 32))
  return { id: createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes }
}

/**
 * Seals the TOTP secrets at rest (docs/contract.md, Second factor): AES-256-GCM with a random 96-bit IV,
 * the user's id as additional data (a sealed secret copied onto another user's row does not open), and
 * the text `v1.<key id>.<iv>.<ciphertext and tag>`. During a rotation the previous key still opens what
 * it sealed, and every seal uses the current key.
 */
export function createSecretBox(key: string, previousKey?: string): SecretBox {
  const current = deriveKey(key)
  const keys = [current, ...(previousKey === undefined ? [] : [deriveKey(previousKey)])]
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
      return [VERSION, current.id, iv.toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed, context) {
      const [version, id, ivText, bodyText] = sealed.split('.')
      const key = keys.find((candidate) => candidate.id === id)
      if (version !== VERSION || !key || ivText === undefined || bodyText === undefined) return undefined
      const body = Buffer.from(bodyText, 'base64url')
      if (body.length < TAG_BYTES) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(ivText, 'base64url'))
        decipher.setAAD(Buffer.from(context))
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
        const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()])
        return { plain, stale: key !== current }
      } catch {
        return undefined
      }
    },
  }
}
