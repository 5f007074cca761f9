import type { UserRecord, UserWithPassword } from '../../db/repositories/users.js'
import type { Actor } from '../actor.js'
import type { IssuedTokens, TokenService } from '../tokens.js'

/** A user with a new session. */
export interface SignedIn {
  user: UserRecord
  tokens: IssuedTokens
}

/**
 * A new session for a user whose password was just verified at `user.credentialVersion`; undefined
 * when a password change has moved the version since (docs/contract.md, Credentials).
 */
export async function signIn(
  tokens: TokenService,
  user: UserWithPassword,
  actor: Actor,
): Promise<SignedIn | undefined> {
  const issued = await tokens.issueNewFamily(user, user.credentialVersion, actor)
  return issued && { user, tokens: issued }
}
