import type { Db } from '../db/client.js'
import type { Revocation } from '../db/repositories/refresh-tokens.js'
import { softDeleteAllForUser } from '../db/repositories/todos.js'
import { createUsersRepository } from '../db/repositories/users.js'
import type { TokenPair } from '../schemas/auth.js'
import type { PasswordHasher } from './passwords.js'
import type { ClientInfo, TokenService } from './tokens.js'

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

export interface PasswordChange {
  userId: number
  /** The caller's session: it goes on, every other one ends. */
  sessionId: string
  currentPassword: string
  newPassword: string
  client: ClientInfo
}

/**
 * Changes a password when the current one is right (OWASP ASVS 7.4.3): the new hash is stored and every
 * other session ends in the same transaction, and the caller goes on with a fresh pair. A wrong current
 * password costs the same bcrypt work as a failed login.
 */
export async function changePassword(
  db: Db,
  passwords: PasswordHasher,
  tokens: TokenService,
  change: PasswordChange,
): Promise<TokenPair | 'user_not_found' | 'wrong_password'> {
  const user = await createUsersRepository(db).findByIdWithPassword(change.userId)
  if (!user) return 'user_not_found'
  if (!(await passwords.verify(change.currentPassword, user.passwordHash))) return 'wrong_password'
  const passwordHash = await passwords.hash(change.newPassword)
  return db.transaction(async (tx) => {
    await createUsersRepository(tx).setPasswordHash(user.id, passwordHash)
    return tokens.keepOnlySession(user, change.sessionId, change.client, tx)
  })
}
