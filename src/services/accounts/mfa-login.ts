import { randomBytes } from 'node:crypto'
import type { UserWithPassword } from '../../db/repositories/users.js'
import { Message, unauthorized } from '../../errors.js'
import type { Actor } from '../actor.js'
import { hashToken } from '../tokens.js'
import { type FactorProof, readyProof } from './factors.js'
import type { AccountDeps } from './index.js'
import { type SignedIn, signIn } from './sign-in.js'

/** docs/contract.md, Second factor: an `mfa_token` lives five minutes and ends at the fifth wrong code. */
export const MFA_TOKEN_TTL_SECONDS = 300
export const MFA_TOKEN_MAX_FAILURES = 5

export type SecondFactorMethod = 'totp' | 'recovery_code'

/** A password login that waits for its second factor. */
export interface MfaRequired {
  mfaToken: string
  methods: SecondFactorMethod[]
  expiresInSeconds: number
}

/** What a password login ends in: a session, or the wait for a second factor. */
export type LoginResult = SignedIn | MfaRequired

export const needsSecondFactor = (result: LoginResult): result is MfaRequired => 'mfaToken' in result

class WrongProof extends Error {}

/**
 * A login's password step, when the user's TOTP is on: an `mfa_token` (32 random bytes) bound to the
 * user and to the credential version the password verified, so the session it ends in is that version's
 * like any login's (docs/contract.md, Credentials).
 */
export async function startSecondFactor(
  { secondFactor: repository, now }: Pick<AccountDeps, 'secondFactor' | 'now'>,
  user: UserWithPassword,
): Promise<MfaRequired | undefined> {
  const factor = await repository.findTotp(user.id)
  if (!factor?.enabledAt) return undefined
  const token = randomBytes(32).toString('hex')
  const at = now()
  await repository.createChallenge(
    {
      tokenHash: hashToken(token),
      userId: user.id,
      credentialVersion: user.credentialVersion,
      expiresAt: new Date(at.getTime() + MFA_TOKEN_TTL_SECONDS * 1000),
    },
    at,
  )
  return { mfaToken: token, methods: ['totp', 'recovery_code'], expiresInSeconds: MFA_TOKEN_TTL_SECONDS }
}

export function mfaLogin({
  db,
  users,
  tokens,
  loginThrottle,
  events,
  secondFactor: repository,
  secretBox,
  now,
}: AccountDeps) {
  return {
    /**
     * The login's second step: a code or a recovery code against a live `mfa_token`. The token and the
     * code are used together in one transaction, each a compare-and-set, so neither works twice however
     * requests race. A wrong code counts against the token (it ends at the fifth) and in the login
     * throttle's buckets for the account and address, so the code space cannot be walked; a token that is
     * unknown, used, expired or ended is 401 `Invalid or expired MFA token`, and changes nothing.
     */
    verifySecondFactor: async (mfaToken: string, proof: FactorProof, actor: Actor): Promise<SignedIn> => {
      const tokenHash = hashToken(mfaToken)
      const at = now()
      const challenge = await repository.findLiveChallenge(tokenHash, at, MFA_TOKEN_MAX_FAILURES)
      const user = challenge && (await users.findByIdWithPassword(challenge.userId))
      const factor = user && (await repository.findTotp(user.id))
      if (!challenge || !user || !factor?.enabledAt) throw unauthorized(Message.INVALID_MFA_TOKEN)

      const use = await readyProof({ box: secretBox, repository, now: at }, factor, proof)
      let outcome: 'wrong_proof' | 'token_spent' | 'stale_password' | undefined
      const signedIn = await loginThrottle.attempt(user.email, actor.throttleKey, async () => {
        const spent = await db
          .transaction(async (tx) => {
            if (!(await repository.useChallenge(tokenHash, at, MFA_TOKEN_MAX_FAILURES, tx))) return true
            // Rolls the token's use back with the wrong code: the token lives on, one failure nearer its end.
            if (!(await use(tx))) throw new WrongProof()
            return false
          })
          .catch((error: unknown) => {
            if (error instanceof WrongProof) return undefined
            throw error
          })
        if (spent === undefined) {
          outcome = 'wrong_proof'
          await repository.failChallenge(tokenHash)
          return undefined
        }
        if (spent) {
          // Another request used the token first: no guess was made, so nothing is counted.
          outcome = 'token_spent'
          return null
        }
        const session = await signIn(tokens, { ...user, credentialVersion: challenge.credentialVersion }, actor)
        if (!session) outcome = 'stale_password'
        return session
      })
      if (outcome === 'token_spent') throw unauthorized(Message.INVALID_MFA_TOKEN)
      if (!signedIn) {
        const reason = outcome === 'wrong_proof' ? 'wrong_code' : 'wrong_password'
        events.login({ result: 'failure', reason, userId: user.id, via: 'mfa_verify' }, actor)
        events.account({ type: 'mfa.verify_failed', userId: user.id, details: { step: 'login', reason } }, actor)
        throw unauthorized(outcome === 'wrong_proof' ? Message.INVALID_MFA_CODE : Message.INVALID_CREDENTIALS)
      }
      const secondFactor = 'recoveryCode' in proof ? 'recovery_code' : 'totp'
      events.login({ result: 'success', userId: user.id, secondFactor }, actor)
      if (secondFactor === 'recovery_code') events.factor({ change: 'recovery_code_used', userId: user.id }, actor)
      return signedIn
    },
  }
}
