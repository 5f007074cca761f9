import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A platform authenticator in software, for the tests and the benchmark that need many ceremonies
 * without a browser: ES256 keys, `none` attestation, user presence and verification, a signature
 * counter per credential. It answers options as a browser would, for the origin it is given; the
 * browser tests use Chromium's own virtual authenticator instead.
 */
export interface SoftCredential {
  id: string
  privateKey: KeyObject
  userHandle: string
  counter: number
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}
/** User present (0x01) and verified (0x04); 0x40 when attested credential data follows. */
const FLAGS = { signIn: 0x05, create: 0x45 }

export function softAuthenticator(origin: string) {
  const credentials = new Map<string, SoftCredential>()
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }))

  return {
    credentials,

    /** `navigator.credentials.create()`: a new credential for the options' relying party and user. */
    create(options: PublicKeyCredentialCreationOptionsJSON, from = origin): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, 'base64url')],
          [-3, Buffer.from(jwk.y as string, 'base64url')],
        ]),
      )
      const id = randomBytes(16)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const authData = Buffer.concat([
        sha256(options.rp.id ?? new URL(origin).hostname),
        Buffer.from([FLAGS.create]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        id,
        cose,
      ])
      const attestation = new Map<string, string | Uint8Array | Map<string, string>>()
      attestation.set('fmt', 'none').set('attStmt', new Map()).set('authData', authData)
      const attestationObject = isoCBOR.encode(attestation)
      credentials.set(b64url(id), { id: b64url(id), privateKey, userHandle: options.user.id, counter: 0 })
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },

    /** `navigator.credentials.get()` with one of its credentials (the first, unless named). */
    get(
      options: PublicKeyCredentialRequestOptionsJSON,
      credentialId?: string,
      from = origin,
    ): AuthenticationResponseJSON {
      const credential = credentialId ? credentials.get(credentialId) : credentials.values().next().value
      if (!credential) throw new Error('the soft authenticator holds no such credential')
      credential.counter++
      const authData = Buffer.concat([
        sha256(options.rpId ?? new URL(origin).hostname),
        Buffer.from([FLAGS.signIn]),
        counterBytes(credential.counter),
      ])
      const client = clientData('webauthn.get', options.challenge, from)
      const signature = sign('sha256', Buffer.concat([authData, sha256(client)]), credential.privateKey)
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
  }
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>
