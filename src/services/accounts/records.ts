import type { Revocation } from '../../db/repositories/refresh-tokens.js'
import type { ListUsersOptions, UserRecord } from '../../db/repositories/users.js'
import { forbidden, Message, notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import type { AccountDeps } from './index.js'

const userNotFound = () => notFound(Message.USER_NOT_FOUND)

/** The users' records: read, changed and deleted by their owners and by administrators. */
export function records({ db, users, todos, tokens, events, now }: AccountDeps) {
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

    update: async (userId: number, fields: { name?: string; email?: string }, actor: Actor): Promise<UserRecord> => {
      const user = await users.update(userId, fields, now())
      if (!user) throw userNotFound()
      events.account({ type: 'user.updated', userId, details: { fields: Object.keys(fields) } }, actor)
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
