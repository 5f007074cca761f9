import { randomBytes } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PasskeyRecord, UsedChallenge } from '../../db/repositories/passkeys.js'
import { AppError, conflict, ErrorCode, forbidden, Message, notFound } from '../../errors.js'
import { MAX_PASSKEYS } from '../../limits.js'
import type { Actor } from '../actor.js'
import { hashToken } from '../tokens.js'
import type { AccountDeps } from './index.js'
import { type SignedIn, signIn } from './sign-in.js'

export type { PasskeyRecord } from '../../db/repositories/passkeys.js'

/** docs/contract.md, Second factor: a ceremony's challenge is single use and lives five minutes. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000

/**
 * The WebAuthn library, loaded by the first ceremony rather than at start: with its certificate and
 * ASN.1 parsers it is a sixth of the server's code, and an instance may never see a passkey.
 */
let library: Promise<typeof import('@simplewebauthn/server')> | undefined
const webauthn = () => (library ??= import('@simplewebauthn/server'))

/** The relying party passkeys are bound to (config.ts, `webauthn`). */
export interface RelyingParty {
  id: string
  name: string
  origins: string[]
}

/** A refusal whose reason goes to the log: the caller learns only that the passkey was not accepted. */
const refusal = (code: ErrorCode, message: string, reason: string) =>
  new AppError(code, message, { logFields: { passkey_refusal: reason } })

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Passkeys (docs/contract.md, Second factor): WebAuthn credentials a signed-in user adds, lists, renames
 * and deletes, and that sign in with no email and no password. Every ceremony begins with options whose
 * challenge is stored (as a digest) for five minutes and used by deleting it, so an attestation or an
 * assertion is accepted once. User verification is required at registration and sign-in: the
 * authenticator checked its owner (a PIN or biometric), which is why a passkey sign-in needs no further
 * factor.
 */
export function passkeys({
  users,
  tokens,
  events,
  passkeys: repository,
  relyingParty: rp,
  settings,
  now,
}: AccountDeps) {
  const liveUser = async (userId: number) => {
    const user = await users.findById(userId)
    if (!user) throw notFound(Message.USER_NOT_FOUND)
    return user
  }

  return {
    listPasskeys: async (userId: number): Promise<PasskeyRecord[]> => {
      await liveUser(userId)
      return repository.listFor(userId)
    },

    /**
     * The options for `navigator.credentials.create()`: a discoverable credential with user
     * verification, none of the user's registered ones again. The user handle is random, one per user,
     * so it says nothing about the account; `name` is what the list will show (default "Passkey N"). A
     * user holds at most MAX_PASSKEYS.
     */
    passkeyRegistrationOptions: async (
      userId: number,
      name: string | undefined,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> => {
      const user = await liveUser(userId)
      const registered = await repository.listFor(userId)
      if (registered.length >= MAX_PASSKEYS) throw conflict(Message.PASSKEY_LIMIT)
      const userHandle = registered[0]?.userHandle ?? randomBytes(32).toString('base64url')
      const { generateRegistrationOptions } = await webauthn()
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: Buffer.from(userHandle, 'base64url'),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        attestationType: 'none',
        excludeCredentials: registered.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await repository.createChallenge({
        challengeHash: hashToken(options.challenge),
        purpose: 'registration',
        userId,
        userHandle,
        name: name ?? `Passkey ${registered.length + 1}`,
        expiresAt: new Date(now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
      })
      return options
    },

    /**
     * Verifies the browser's attestation against a live registration challenge of this user, the
     * relying party and its origins, and stores the credential's public key. Anything refused is a 400
     * that says registration failed (the reason is in the log); a credential registered already is a 409.
     */
    registerPasskey: async (
      userId: number,
      response: RegistrationResponseJSON,
      actor: Actor,
    ): Promise<PasskeyRecord> => {
      await liveUser(userId)
      const at = now()
      let ceremony: UsedChallenge | undefined
      const { verifyRegistrationResponse } = await webauthn()
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: async (challenge) => {
          ceremony = await repository.useChallenge(hashToken(challenge), 'registration', at, userId)
          return ceremony !== undefined
        },
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((error: unknown) => {
        throw refusal(ErrorCode.VALIDATION_ERROR, Message.PASSKEY_REGISTRATION_FAILED, reasonOf(error))
      })
      if (!verification.verified || !ceremony?.userHandle || !ceremony.name)
        throw refusal(ErrorCode.VALIDATION_ERROR, Message.PASSKEY_REGISTRATION_FAILED, 'not verified')
      const { credential, credentialBackedUp } = verification.registrationInfo
      const added = await repository.add(
        {
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          userHandle: ceremony.userHandle,
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: ceremony.name,
          backedUp: credentialBackedUp,
        },
        MAX_PASSKEYS,
      )
      if (added === 'full') throw conflict(Message.PASSKEY_LIMIT)
      if (added === 'taken') throw conflict(Message.PASSKEY_EXISTS)
      events.factor({ change: 'passkey_added', userId, details: { passkey_id: added.id } }, actor)
      return added
    },

    renamePasskey: async (userId: number, id: number, name: string, actor: Actor): Promise<PasskeyRecord> => {
      const renamed = await repository.rename(userId, id, name)
      if (!renamed) throw notFound(Message.PASSKEY_NOT_FOUND)
      events.factor({ change: 'passkey_renamed', userId, details: { passkey_id: id } }, actor)
      return renamed
    },

    /** Deletes one of the user's passkeys: it signs in no more. Another user's passkey is not found. */
    deletePasskey: async (userId: number, id: number, actor: Actor): Promise<void> => {
      if (!(await repository.remove(userId, id))) throw notFound(Message.PASSKEY_NOT_FOUND)
      events.factor({ change: 'passkey_removed', userId, details: { passkey_id: id } }, actor)
    },

    /** The options for `navigator.credentials.get()`: no credentials listed, so the browser offers the user's discoverable ones. */
    passkeyAuthenticationOptions: async (): Promise<PublicKeyCredentialRequestOptionsJSON> => {
      const { generateAuthenticationOptions } = await webauthn()
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        userVerification: 'required',
      })
      await repository.createChallenge({
        challengeHash: hashToken(options.challenge),
        purpose: 'authentication',
        expiresAt: new Date(now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
      })
      return options
    },

    /**
     * A sign-in with a passkey: the assertion must answer a live challenge, come from an allowed origin,
     * carry the user handle its credential was registered with, and be signed by its public key with a
     * counter past the stored one (checked again as the counter is stored, so one assertion signs in
     * once). It answers like a login, and needs no second factor; EMAIL_VERIFICATION=required refuses an
     * unverified account as login does. Every refusal is the same 401.
     */
    signInWithPasskey: async (response: AuthenticationResponseJSON, actor: Actor): Promise<SignedIn> => {
      const at = now()
      const passkey = await repository.findByCredentialId(response.id)
      const user = passkey && (await users.findByIdWithPassword(passkey.userId))
      const refuse = (reason: string) => {
        events.login({ result: 'failure', reason: 'passkey_refused', userId: user?.id, passkey: true }, actor)
        return refusal(ErrorCode.UNAUTHORIZED, Message.PASSKEY_SIGN_IN_FAILED, reason)
      }
      if (!passkey || !user) throw refuse(passkey ? 'no live user' : 'unknown credential')
      if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.userHandle)
        throw refuse('user handle does not match the credential')
      const { verifyAuthenticationResponse } = await webauthn()
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: async (challenge) =>
          (await repository.useChallenge(hashToken(challenge), 'authentication', at)) !== undefined,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch((error: unknown) => {
        throw refuse(reasonOf(error))
      })
      if (!verification.verified) throw refuse('not verified')
      if (!(await repository.recordUse(passkey.id, passkey.counter, verification.authenticationInfo.newCounter, at)))
        throw refuse('the counter moved meanwhile')
      if (settings.verification === 'required' && !user.emailVerified) throw forbidden(Message.EMAIL_NOT_VERIFIED)
      const signedIn = await signIn(tokens, user, actor)
      if (!signedIn) throw refuse('the credential version moved meanwhile')
      events.login({ result: 'success', userId: user.id, passkey: true }, actor)
      return signedIn
    },
  }
}
