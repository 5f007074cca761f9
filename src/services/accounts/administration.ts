import type { UserRecord, UserWithPassword } from '../../db/repositories/users.js'
import { Message, notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import type { SecretBox } from '../secret-box.js'
import { secretContext } from './factors.js'
import type { AccountDeps } from './index.js'

export interface NewAdministrator {
  name: string
  email: string
  password: string
}

/** How a promotion by password ended: only the account's own password promotes it. */
export type Promotion = 'promoted' | 'already_admin' | 'not_theirs'

/** What the administration tools do to accounts (scripts/admin/), recorded like every other change. */
/** What a resealing did: secrets moved to the current key, already there, and opened by no key. */
export interface Resealing {
  resealed: number
  current: number
  unopened: number[]
}

export function administration({
  db,
  users,
  passwords,
  events,
  secondFactor,
  passkeys,
}: Pick<AccountDeps, 'db' | 'users' | 'passwords' | 'events' | 'secondFactor' | 'passkeys'>) {
  return {
    /** The live user with the email, with what a promotion checks. */
    findByEmail: (email: string): Promise<UserWithPassword | undefined> => users.findByEmailWithPassword(email),

    /**
     * A new account holding `user` and `admin`, in one transaction: an administrator is never left behind
     * as a plain user. A live duplicate email throws EmailTakenError.
     */
    createAdministrator: async (fields: NewAdministrator, actor: Actor): Promise<UserRecord> => {
      const passwordHash = await passwords.hash(fields.password, { client: actor.throttleKey })
      const id = await db.transaction(async (tx) => {
        const user = await users.create({ name: fields.name, email: fields.email, passwordHash }, tx)
        await users.grantRole(user.id, 'admin', tx)
        return user.id
      })
      const admin = (await users.findById(id)) as UserRecord
      events.account({ type: 'role.granted', userId: admin.id, details: { role: 'admin', created: true } }, actor)
      return admin
    },

    /**
     * docs/contract.md: an existing account is promoted only with its own password. Anyone can register an
     * email before the operator runs the tool; without this check, that stranger would become the
     * administrator. Nothing changes unless the password matches.
     */
    promoteWithPassword: async (user: UserWithPassword, password: string, actor: Actor): Promise<Promotion> => {
      if (!(await passwords.verify(password, user.passwordHash, { client: actor.throttleKey }))) return 'not_theirs'
      if (user.roles.includes('admin')) return 'already_admin'
      await users.grantRole(user.id, 'admin')
      events.account({ type: 'role.granted', userId: user.id, details: { role: 'admin' } }, actor)
      return 'promoted'
    },

    /** Grants a role by name, creating a custom role on first use. */
    grantRole: async (userId: number, role: string, actor: Actor): Promise<void> => {
      await users.grantRole(userId, role)
      events.account({ type: 'role.granted', userId, details: { role } }, actor)
    },

    /** Removes a role; false (and nothing recorded) when the user did not hold it. */
    revokeRole: async (userId: number, role: string, actor: Actor): Promise<boolean> => {
      if (!(await users.revokeRole(userId, role))) return false
      events.account({ type: 'role.revoked', userId, details: { role } }, actor)
      return true
    },

    /**
     * docs/contract.md, Second factor: takes every second factor off a user who lost them (TOTP, the
     * recovery codes, the logins waiting for a code, the passkeys), for an administrator over HTTP or the tool when no
     * administrator can sign in. False when the user had none; 404 when there is no such live user.
     */
    removeSecondFactors: async (userId: number, actor: Actor): Promise<boolean> => {
      if (!(await users.findById(userId))) throw notFound(Message.USER_NOT_FOUND)
      const { totp, passkeyCount } = await db.transaction(async (tx) => ({
        totp: await secondFactor.removeTotp(userId, tx),
        passkeyCount: await passkeys.removeAll(userId, tx),
      }))
      const removed = [...(totp ? ['totp', 'recovery_codes'] : []), ...(passkeyCount > 0 ? ['passkeys'] : [])]
      if (removed.length > 0)
        events.factor({ change: 'reset', userId, details: { removed, passkeys: passkeyCount } }, actor)
      return removed.length > 0
    },

    /**
     * Finishes a rotation of MFA_ENCRYPTION_KEY at once: every TOTP secret sealed under the previous key
     * is sealed again under the current one (each a compare-and-set on the text read, so a secret changed
     * meanwhile is left to its own next use). Lists the users whose secret no configured key opens.
     */
    resealTotpSecrets: async (box: SecretBox): Promise<Resealing> => {
      const outcome: Resealing = { resealed: 0, current: 0, unopened: [] }
      for (const { userId, secretSealed } of await secondFactor.listSealed()) {
        const opened = box.open(secretSealed, secretContext(userId))
        if (!opened) outcome.unopened.push(userId)
        else if (!opened.stale) outcome.current++
        else {
          await secondFactor.reseal(userId, secretSealed, box.seal(opened.plain, secretContext(userId)))
          outcome.resealed++
        }
      }
      return outcome
    },

    /** A live user's record as it is now. */
    findById: (userId: number): Promise<UserRecord | undefined> => users.findById(userId),
  }
}
