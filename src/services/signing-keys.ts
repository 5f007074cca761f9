import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Config, SigningAlgorithm } from '../config.js'

/** A public signing key as RFC 7517 writes it (RFC 8037 for Ed25519): what the key set publishes. */
export interface Jwk {
  kty: 'EC' | 'OKP'
  crv: 'P-256' | 'Ed25519'
  x: string
  y?: string
  kid: string
  alg: 'ES256' | 'EdDSA'
  use: 'sig'
}

type AsymmetricAlgorithm = Exclude<SigningAlgorithm, 'HS256'>

/** A key that access tokens are verified with, named by the `kid` header of the tokens it signs. */
export interface VerificationKey {
  algorithm: SigningAlgorithm
  kid: string
  /** The HMAC secret, or the public key in PEM. */
  verifyKey: string
  /** What /.well-known/jwks.json publishes: none for an HMAC secret, which must never leave the server. */
  jwk: Jwk | undefined
}

export interface SigningKey extends VerificationKey {
  /** The HMAC secret, or the private key in PEM (PKCS#8). */
  signKey: string
}

export interface AccessTokenKeys {
  current: SigningKey
  /** The key before the last rotation: it verifies the tokens it signed until they expire, and never signs. */
  previous: VerificationKey | undefined
}

/** A key file the service cannot use: start-up stops with this one line. */
export class SigningKeyError extends Error {
  override name = 'SigningKeyError'
}

/** A key id that names a secret without revealing anything about it. */
export const keyId = (secret: string) => createHash('sha256').update(secret).digest('base64url').slice(0, 16)

/** The key each asymmetric algorithm signs with. */
const KEY_TYPE: Record<AsymmetricAlgorithm, string> = { ES256: 'EC P-256', EdDSA: 'Ed25519' }
const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' }

const keyTypeOf = (key: KeyObject) =>
  key.asymmetricKeyType === 'ec'
    ? `EC ${CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? key.asymmetricKeyDetails?.namedCurve}`
    : key.asymmetricKeyType === 'ed25519'
      ? 'Ed25519'
      : (key.asymmetricKeyType ?? 'unknown').toUpperCase()

const algorithmOf = (key: KeyObject) =>
  (Object.keys(KEY_TYPE) as AsymmetricAlgorithm[]).find((algorithm) => KEY_TYPE[algorithm] === keyTypeOf(key))

/**
 * The keys access tokens are signed and verified with. HS256 (the spec's) uses JWT_SECRET and, during a
 * rotation, JWT_SECRET_PREVIOUS. ES256 and EdDSA use the private key in JWT_PRIVATE_KEY_FILE, or one
 * generated once into the data directory, and verify with its public half and, during a rotation, the
 * key in JWT_PREVIOUS_PUBLIC_KEY_FILE. Throws a SigningKeyError for a key file it cannot use.
 */
export function loadAccessTokenKeys(jwt: Config['jwt']): AccessTokenKeys {
  if (jwt.algorithm === 'HS256') {
    const hmac = (secret: string) => ({
      algorithm: 'HS256' as const,
      kid: keyId(secret),
      verifyKey: secret,
      jwk: undefined,
    })
    return {
      current: { ...hmac(jwt.secret), signKey: jwt.secret },
      previous: jwt.previousSecret === undefined ? undefined : hmac(jwt.previousSecret),
    }
  }
  const source = jwt.generateKey
    ? `The generated key ${jwt.privateKeyFile}`
    : `JWT_PRIVATE_KEY_FILE (${jwt.privateKeyFile})`
  if (jwt.generateKey && !existsSync(jwt.privateKeyFile)) storeNewKey(jwt.privateKeyFile, jwt.algorithm)
  const privateKey = parseKey(source, jwt.privateKeyFile, 'private')
  if (algorithmOf(privateKey) !== jwt.algorithm)
    throw new SigningKeyError(
      `${source} holds an ${keyTypeOf(privateKey)} key, but JWT_SIGNING_ALG=${jwt.algorithm} needs an ${KEY_TYPE[jwt.algorithm]} key${jwt.generateKey ? ' (remove the file to generate one)' : ''}`,
    )
  const current = { ...publicKeyOf(createPublicKey(privateKey), jwt.algorithm), signKey: pem(privateKey) }
  const previous = jwt.previousPublicKeyFile === undefined ? undefined : previousKey(jwt.previousPublicKeyFile)
  // The same key given twice is one key, published once.
  return { current, previous: previous?.kid === current.kid ? undefined : previous }
}

/** The JWK Set of the public keys: empty with HS256, whose secret is never published. */
export const jwksOf = ({ current, previous }: AccessTokenKeys) => ({
  keys: [current, previous].flatMap((key) => (key?.jwk ? [key.jwk] : [])),
})

/** The previous key may be of the other asymmetric algorithm: its own key type says which. */
function previousKey(file: string): VerificationKey {
  const source = `JWT_PREVIOUS_PUBLIC_KEY_FILE (${file})`
  const key = parseKey(source, file, 'public')
  const algorithm = algorithmOf(key)
  if (!algorithm)
    throw new SigningKeyError(`${source} holds an ${keyTypeOf(key)} key; it must be an EC P-256 or Ed25519 key`)
  return publicKeyOf(key, algorithm)
}

/** The JWK key type and curve of each algorithm's keys (RFC 7518 §6.2, RFC 8037 §2). */
const JWK_TYPE = { ES256: { kty: 'EC', crv: 'P-256' }, EdDSA: { kty: 'OKP', crv: 'Ed25519' } } as const

/** Its kid is the RFC 7638 thumbprint, which any holder of the JWK can compute and check. */
function publicKeyOf(key: KeyObject, algorithm: AsymmetricAlgorithm): VerificationKey {
  const { kty, crv } = JWK_TYPE[algorithm]
  const { x = '', y } = key.export({ format: 'jwk' }) as JsonWebKey
  // The thumbprint hashes exactly the required members, in lexicographic order (RFC 7638 §3.2, RFC 8037 §2).
  const required = y === undefined ? { crv, kty, x } : { crv, kty, x, y }
  const kid = createHash('sha256').update(JSON.stringify(required)).digest('base64url')
  return { algorithm, kid, verifyKey: pem(key), jwk: { ...required, kid, alg: algorithm, use: 'sig' } }
}

const pem = (key: KeyObject) =>
  key.export(key.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }).toString()

/** A private key, or (kind `public`) a public key or the private key it belongs to. Never echoes the file. */
function parseKey(source: string, file: string, kind: 'private' | 'public'): KeyObject {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new SigningKeyError(`${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  try {
    return kind === 'private' ? createPrivateKey(text) : createPublicKey(text)
  } catch {
    throw new SigningKeyError(`${source} is not an unencrypted PEM ${kind} key`)
  }
}

/**
 * Generates the key at the first start and stores it, readable by the service's user alone. Instances
 * starting at once in one directory may both generate one: linking a complete file into place lets
 * exactly one win, and all read the winner's.
 */
function storeNewKey(file: string, algorithm: AsymmetricAlgorithm) {
  const { privateKey } =
    algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519')
  const partial = `${file}.${process.pid}.tmp`
  const cannotStore = (error: unknown) =>
    new SigningKeyError(
      `Cannot store a generated signing key at ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}): set JWT_PRIVATE_KEY_FILE`,
    )
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    writeFileSync(partial, pem(privateKey), { mode: 0o600 })
  } catch (error) {
    throw cannotStore(error)
  }
  try {
    linkSync(partial, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotStore(error)
  } finally {
    rmSync(partial, { force: true })
  }
}
