import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { calculateJwkThumbprint } from 'jose'
import t, { type Test } from 'tap'
import { type Env, loadConfig } from '../../src/config.js'
import { jwksOf, keyId, loadAccessTokenKeys, SigningKeyError } from '../../src/services/signing-keys.js'
import { keyFiles, newKeyPair } from '../signing-keys.js'

const SECRET = 's'.repeat(40)
const jwtConfig = (env: Env) => loadConfig({ JWT_SECRET: SECRET, ...env }).jwt

const workdir = mkdtempSync(join(tmpdir(), 'signing-keys-'))
t.teardown(() => rmSync(workdir, { recursive: true, force: true }))

/** A file of the work directory holding `text`. */
function fileWith(name: string, text: string) {
  const file = join(workdir, name)
  writeFileSync(file, text)
  return file
}

/** The one-line message a key configuration is refused with. */
function refusal(t: Test, env: Env): string {
  try {
    loadAccessTokenKeys(jwtConfig(env))
  } catch (error) {
    if (error instanceof SigningKeyError) {
      t.notMatch(error.message, /\n|BEGIN/, 'one line, without key material')
      return error.message
    }
    throw error
  }
  t.fail('the keys were accepted')
  return ''
}

t.test('HS256 signs with JWT_SECRET and publishes nothing', async (t) => {
  const keys = loadAccessTokenKeys(jwtConfig({ JWT_SECRET_PREVIOUS: 'p'.repeat(40) }))
  t.match(keys.current, { algorithm: 'HS256', kid: keyId(SECRET), signKey: SECRET, verifyKey: SECRET })
  t.match(keys.previous, { algorithm: 'HS256', kid: keyId('p'.repeat(40)) })
  t.same(jwksOf(keys), { keys: [] })
})

for (const algorithm of ['ES256', 'EdDSA'] as const) {
  t.test(`${algorithm}: the key's kid is its RFC 7638 thumbprint`, async (t) => {
    const files = keyFiles(t, algorithm)
    const keys = loadAccessTokenKeys(jwtConfig({ JWT_SIGNING_ALG: algorithm, JWT_PRIVATE_KEY_FILE: files.privateFile }))
    const kid = await calculateJwkThumbprint(files.publicKey.export({ format: 'jwk' }))
    t.match(keys.current, { algorithm, kid, verifyKey: readFileSync(files.publicFile, 'utf8') })
    t.same(jwksOf(keys).keys, [{ ...files.publicKey.export({ format: 'jwk' }), kid, alg: algorithm, use: 'sig' }])
  })
}

t.test('a generated key is stored 0600 and read again at the next start', async (t) => {
  const file = join(workdir, 'data', 'jwt-signing-key.pem')
  const config = { ...jwtConfig({ JWT_SIGNING_ALG: 'ES256' }), privateKeyFile: file }
  const first = loadAccessTokenKeys(config)
  t.equal(statSync(file).mode & 0o777, 0o600)
  t.equal(statSync(join(workdir, 'data')).mode & 0o777, 0o700, 'in a directory of its own user')
  const second = loadAccessTokenKeys(config)
  t.equal(second.current.kid, first.current.kid)
  t.equal(second.current.signKey, first.current.signKey)
  t.match(
    refusal(t, { JWT_SIGNING_ALG: 'EdDSA', JWT_PRIVATE_KEY_FILE: file }),
    /holds an EC P-256 key, but JWT_SIGNING_ALG=EdDSA needs an Ed25519 key$/,
  )
})

t.test('a SEC 1 EC key works, and the previous key may be given as its private key', async (t) => {
  const { privateKey, publicKey } = newKeyPair('ES256')
  const sec1 = fileWith('sec1.pem', privateKey.export({ type: 'sec1', format: 'pem' }).toString())
  const previous = keyFiles(t, 'EdDSA')
  const keys = loadAccessTokenKeys(
    jwtConfig({
      JWT_SIGNING_ALG: 'ES256',
      JWT_PRIVATE_KEY_FILE: sec1,
      JWT_PREVIOUS_PUBLIC_KEY_FILE: previous.privateFile,
    }),
  )
  t.equal(keys.current.kid, await calculateJwkThumbprint(publicKey.export({ format: 'jwk' })))
  t.match(keys.previous, {
    algorithm: 'EdDSA',
    kid: await calculateJwkThumbprint(previous.publicKey.export({ format: 'jwk' })),
    verifyKey: readFileSync(previous.publicFile, 'utf8'),
  })
  t.notOk('signKey' in (keys.previous ?? {}), 'the previous key never signs')
})

t.test('the current key given again as the previous one is published once', async (t) => {
  const files = keyFiles(t, 'EdDSA')
  const env = { JWT_SIGNING_ALG: 'EdDSA', JWT_PRIVATE_KEY_FILE: files.privateFile }
  const keys = loadAccessTokenKeys(jwtConfig({ ...env, JWT_PREVIOUS_PUBLIC_KEY_FILE: files.publicFile }))
  t.equal(keys.previous, undefined)
  t.equal(jwksOf(keys).keys.length, 1)
})

t.test('a key file the service cannot use is refused with one line naming it', async (t) => {
  const es256 = keyFiles(t, 'ES256')
  const missing = join(workdir, 'missing.pem')
  const encrypted = fileWith(
    'encrypted.pem',
    newKeyPair('ES256')
      .privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
      .toString(),
  )
  const es = (file: string, previous?: string) => ({
    JWT_SIGNING_ALG: 'ES256',
    JWT_PRIVATE_KEY_FILE: file,
    ...(previous ? { JWT_PREVIOUS_PUBLIC_KEY_FILE: previous } : {}),
  })
  const cases: [Env, RegExp][] = [
    [es(missing), /^JWT_PRIVATE_KEY_FILE \(.*missing\.pem\) cannot be read \(ENOENT\)$/],
    [es(workdir), /^JWT_PRIVATE_KEY_FILE \(.*\) cannot be read \(EISDIR\)$/],
    [
      es(fileWith('text.pem', 'not a key\n')),
      /^JWT_PRIVATE_KEY_FILE \(.*text\.pem\) is not an unencrypted PEM private key$/,
    ],
    [es(fileWith('empty.pem', '')), /is not an unencrypted PEM private key$/],
    [es(encrypted), /^JWT_PRIVATE_KEY_FILE \(.*encrypted\.pem\) is not an unencrypted PEM private key$/],
    [es(es256.publicFile), /is not an unencrypted PEM private key$/],
    [es(keyFiles(t, 'EdDSA').privateFile), /holds an Ed25519 key, but JWT_SIGNING_ALG=ES256 needs an EC P-256 key$/],
    [es(keyFiles(t, 'P-384').privateFile), /holds an EC P-384 key, but JWT_SIGNING_ALG=ES256 needs an EC P-256 key$/],
    [
      { JWT_SIGNING_ALG: 'EdDSA', JWT_PRIVATE_KEY_FILE: es256.privateFile },
      /holds an EC P-256 key, but JWT_SIGNING_ALG=EdDSA needs an Ed25519 key$/,
    ],
    [es(es256.privateFile, missing), /^JWT_PREVIOUS_PUBLIC_KEY_FILE \(.*\) cannot be read \(ENOENT\)$/],
    [
      es(es256.privateFile, fileWith('garbage.pem', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n')),
      /^JWT_PREVIOUS_PUBLIC_KEY_FILE \(.*\) is not an unencrypted PEM public key$/,
    ],
    [
      es(es256.privateFile, keyFiles(t, 'RSA').publicFile),
      /^JWT_PREVIOUS_PUBLIC_KEY_FILE \(.*\) holds an RSA key; it must be an EC P-256 or Ed25519 key$/,
    ],
  ]
  for (const [env, message] of cases) t.match(refusal(t, env), message, JSON.stringify(env))
})

t.test('a generated key that cannot be stored is refused', async (t) => {
  const underAFile = join(fileWith('plain-file', ''), 'jwt-signing-key.pem')
  const config = { ...jwtConfig({ JWT_SIGNING_ALG: 'EdDSA' }), privateKeyFile: underAFile }
  t.throws(() => loadAccessTokenKeys(config), {
    name: 'SigningKeyError',
    message:
      /^Cannot store a generated signing key at .*plain-file\/jwt-signing-key\.pem \(E[A-Z]+\): set JWT_PRIVATE_KEY_FILE$/,
  })
})
