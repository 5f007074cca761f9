import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The keys of the two asymmetric algorithms, and two that neither accepts. */
export type KeyKind = 'ES256' | 'EdDSA' | 'P-384' | 'RSA'

export function newKeyPair(kind: KeyKind): { privateKey: KeyObject; publicKey: KeyObject } {
  if (kind === 'EdDSA') return generateKeyPairSync('ed25519')
  if (kind === 'RSA') return generateKeyPairSync('rsa', { modulusLength: 2048 })
  return generateKeyPairSync('ec', { namedCurve: kind === 'ES256' ? 'P-256' : 'P-384' })
}

export interface KeyFiles {
  /** The private key, PEM (PKCS#8). */
  privateFile: string
  /** Its public key, PEM (SPKI). */
  publicFile: string
  publicKey: KeyObject
}

/** A new key pair in PEM files of a temporary directory, removed when `owner` ends. */
export function keyFiles(owner: { teardown: (fn: () => void) => void }, kind: KeyKind): KeyFiles {
  const dir = mkdtempSync(join(tmpdir(), 'signing-key-'))
  owner.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { privateKey, publicKey } = newKeyPair(kind)
  const privateFile = join(dir, 'private.pem')
  const publicFile = join(dir, 'public.pem')
  writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }))
  return { privateFile, publicFile, publicKey }
}
