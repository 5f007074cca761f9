import type { UserWithPassword } from '../../db/repositories/users.js'
import { badRequest, conflict, Message, notFound, unauthorized } from '../../errors.js'
import type { Actor } from '../actor.js'
import { matchingStep, newTotpSecret, totpUri } from '../totp.js'
import { type FactorProof, newRecoveryCodes, openSecret, readyProof, requireBox, secretContext } from './factors.js'
import type { AccountDeps } from './index.js'

/** A TOTP enrolment not confirmed within this long is over: the user starts again. */
export const TOTP_ENROLMENT_TTL_MS = 30 * 60_000

export interface SecondFactorStatus {
  /** TOTP is on: a password login asks for a code. */
  totp: boolean
  recoveryCodesLeft: number
  passkeys: number
}

export interface TotpEnrolment {
  /** Base32, for typing into an authenticator app. */
  secret: string
  /** The same secret as an `otpauth://` URI, for a QR code. */
  otpauthUri: string
}

/**
 * The user's own second factor (docs/contract.md, Second factor): TOTP enrolment, which needs the
 * password and ends with a first code and ten recovery codes; removal, which needs the password and a
 * code; and what is on. Wrong passwords, and wrong codes at removal, count in the login throttle like a
 * failed login (docs/contract.md, Credentials), so a stolen access token is no unthrottled oracle.
 */
export function secondFactor({
  db,
  users,
  passwords,
  loginThrottle,
  events,
  secondFactor: repository,
  passkeys,
  secretBox,
  mfaIssuer,
  now,
}: AccountDeps) {
  const liveUser = async (userId: number): Promise<UserWithPassword> => {
    const user = await users.findByIdWithPassword(userId)
    if (!user) throw notFound(Message.USER_NOT_FOUND)
    return user
  }

  const refused = (user: UserWithPassword, via: 'mfa_enrolment' | 'mfa_removal', reason: string, actor: Actor) => {
    events.login({ result: 'failure', reason: 'wrong_password', userId: user.id, via }, actor)
    events.account({ type: 'mfa.verify_failed', userId: user.id, details: { step: via, reason } }, actor)
  }

  return {
    secondFactorStatus: async (userId: number): Promise<SecondFactorStatus> => {
      await liveUser(userId)
      const factor = await repository.findTotp(userId)
      return {
        totp: Boolean(factor?.enabledAt),
        recoveryCodesLeft: factor?.enabledAt ? await repository.recoveryCodesLeft(userId) : 0,
        passkeys: await passkeys.countFor(userId),
      }
    },

    /**
     * A new secret for the user, pending until a code confirms it; an enrolment started again replaces
     * the pending one. TOTP already on is a 409: only removal (password and code) takes it off, so a
     * stolen session cannot swap in its own authenticator. Without MFA_ENCRYPTION_KEY, a 503 that says so.
     */
    startTotpEnrolment: async (userId: number, password: string, actor: Actor): Promise<TotpEnrolment> => {
      const box = requireBox(secretBox)
      const user = await liveUser(userId)
      if ((await repository.findTotp(userId))?.enabledAt) throw conflict(Message.TOTP_ALREADY_ENABLED)
      const verified = await loginThrottle.attempt(user.email, actor.throttleKey, async () =>
        (await passwords.verify(password, user.passwordHash, { client: actor.throttleKey })) ? user : undefined,
      )
      if (!verified) {
        refused(user, 'mfa_enrolment', 'wrong_password', actor)
        throw unauthorized(Message.INVALID_CREDENTIALS)
      }
      const secret = newTotpSecret()
      if (!(await repository.startTotp(userId, box.seal(secret.bytes, secretContext(userId)), now())))
        throw conflict(Message.TOTP_ALREADY_ENABLED)
      events.factor({ change: 'totp_enrolment_started', userId }, actor)
      return { secret: secret.base32, otpauthUri: totpUri(secret.bytes, mfaIssuer, user.email) }
    },

    /**
     * A first code from the pending secret turns TOTP on (its time step then counts as used) and returns
     * ten new recovery codes, shown this once: only their digests are kept.
     */
    confirmTotp: async (userId: number, code: string, actor: Actor): Promise<string[]> => {
      const box = requireBox(secretBox)
      await liveUser(userId)
      const factor = await repository.findTotp(userId)
      const at = now()
      if (!factor || factor.enabledAt || factor.createdAt.getTime() <= at.getTime() - TOTP_ENROLMENT_TTL_MS)
        throw conflict(Message.NO_TOTP_ENROLMENT)
      const secret = await openSecret(box, repository, factor)
      const step = matchingStep(secret, code, at)
      const recovery = newRecoveryCodes()
      const enabled =
        step !== undefined &&
        (await db.transaction(async (tx) => {
          const current = await repository.findTotp(userId, tx)
          if (
            !current ||
            !(await repository.useStep(userId, step, { enable: at, sealedSeen: current.secretSealed }, tx))
          )
            return false
          await repository.replaceRecoveryCodes(userId, recovery.digests, tx)
          return true
        }))
      if (!enabled) throw badRequest(Message.INVALID_MFA_CODE)
      events.factor({ change: 'totp_enabled', userId, details: { recovery_codes: recovery.codes.length } }, actor)
      return recovery.codes
    },

    /** Takes TOTP and the recovery codes off, with the password and a code (or a recovery code). */
    removeTotp: async (userId: number, password: string, proof: FactorProof, actor: Actor): Promise<void> => {
      const user = await liveUser(userId)
      const factor = await repository.findTotp(userId)
      if (!factor?.enabledAt) throw notFound(Message.TOTP_NOT_ENABLED)
      const use = await readyProof({ box: secretBox, repository, now: now() }, factor, proof)
      let reason: 'wrong_password' | 'wrong_code' = 'wrong_password'
      const verified = await loginThrottle.attempt(user.email, actor.throttleKey, async () => {
        if (!(await passwords.verify(password, user.passwordHash, { client: actor.throttleKey }))) return undefined
        reason = 'wrong_code'
        return (await use(db)) ? user : undefined
      })
      if (!verified) {
        refused(user, 'mfa_removal', reason, actor)
        throw unauthorized(reason === 'wrong_password' ? Message.INVALID_CREDENTIALS : Message.INVALID_MFA_CODE)
      }
      await repository.removeTotp(userId)
      events.factor({ change: 'totp_removed', userId }, actor)
    },
  }
}
