import type { Db } from '../db/client.js'
import type { Revocation } from '../db/repositories/refresh-tokens.js'
import { softDeleteAllForUser } from '../db/repositories/todos.js'
import { createUsersRepository } from '../db/repositories/users.js'
import type { TokenService } from './tokens.js'

/**
 * Deletes an account in one transaction: the user is soft-deleted (so its email is free again), every
 * refresh token is revoked and its todos are soft-deleted. What the revocation did, or undefined when
 * there was no live user.
 */
export function deleteAccount(db: Db, tokens: TokenService, userId: number): Promise<Revocation | undefined> {
  return db.transaction(async (tx) => {
    if (!(await createUsersRepository(tx).softDelete(userId))) return undefined
    const revocation = await tokens.revokeAllForUser(userId, 'deletion', tx)
    await softDeleteAllForUser(tx, userId)
    return revocation
  })
}
