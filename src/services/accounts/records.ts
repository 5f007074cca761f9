import type { Revocation } from '../../db/repositories/refresh-tokens.js'
import type { ListUsersOptions, UserRecord } from '../../db/repositories/users.js'
import { forbidden, Message, notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import { queueVerificationLink } from './email-verification.js'
import type { AccountDeps } from './index.js'

const userNotFound = () => notFound(Message.USER_NOT_FOUND)

/** The users' records: read, changed and deleted by their owners and by administrators. */
export function records(deps: AccountDeps) {
  const { db, users, todos, tokens, accountTokens, events, mailer, now } = deps
  return {
    /**
     * An administrator's every action checks the stored record, not the token (docs/contract.md): a deleted
     * or demoted administrator is refused at once. One read by primary key.
     */
    assertAdmin: async (userId: number): Promise<void> => {
      const user = await users.findById(userId)
      if (!user?.roles.includes('admin')) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
    },

    /** The users list, for administrators: the audit trail records who looked. */
    list: async (options: ListUsersOptions, actor: Actor) => {
      const found = await users.list(options)
      const { perPage, ...query } = options
      const details = { query: { ...query, per_page: perPage }, total: found.total }
      events.account({ type: 'users.listed', userId: null, details }, actor)
      return found
    },

    /** One user; a read of someone else's record (by an administrator) is recorded. */
    read: async (userId: number, actor: Actor): Promise<UserRecord> => {
      const user = await users.findById(userId)
      if (!user) throw userNotFound()
      if (user.id !== actor.userId) events.account({ type: 'user.read', userId: user.id }, actor)
      return user
    },

    /**
     * Changes a user's record. A new email (other than in case) takes effect at once, as the spec says,
     * and in the same transaction clears `email_verified`, ends the older verification links, and queues
     * a link to the new address and a notice to the old one.
     */
    update: async (userId: number, fields: { name?: string; email?: string }, actor: Actor): Promise<UserRecord> => {
      const before = fields.email === undefined ? undefined : await users.findById(userId)
      const oldEmail = before && before.email.toLowerCase() !== fields.email?.toLowerCase() ? before.email : undefined
      const at = now()
      const user =
        oldEmail === undefined
          ? await users.update(userId, fields, at)
          : await db.transaction(async (tx) => {
              const changed = await users.update(userId, { ...fields, emailVerified: false }, at, tx)
              if (!changed) return undefined
              await accountTokens.deleteForUser(userId, 'email_verification', tx)
              await queueVerificationLink(deps, changed, tx)
              await mailer.queue(
                { template: 'email-changed', to: oldEmail, userId, data: { at, newEmail: changed.email } },
                tx,
              )
              return changed
            })
      if (!user) throw userNotFound()
      mailer.sent()
      events.account({ type: 'user.updated', userId, details: { fields: Object.keys(fields) } }, actor)
      if (oldEmail !== undefined) events.account({ type: 'email.changed', userId }, actor)
      return user
    },

    /**
     * Deletes an account in one transaction: the user is soft-deleted (so its email is free again), every
     * session ends and its todos are soft-deleted.
     */
    delete: async (userId: number, actor: Actor): Promise<Revocation> => {
      const revocation = await db.transaction(async (tx) => {
        const at = now()
        if (!(await users.softDelete(userId, at, tx))) return undefined
        const revoked = await tokens.revokeAllForUser(userId, 'deletion', tx)
        await todos.softDeleteAllForUser(userId, at, tx)
        return revoked
      })
      if (!revocation) throw userNotFound()
      events.account({ type: 'user.deleted', userId }, actor)
      return revocation
    },
  }
}
