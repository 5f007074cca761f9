import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { accountTokens, users } from '../schema.js'

export type AccountTokenPurpose = 'password_reset' | 'email_verification'

/** A live link's token: whose it is, and the address it was sent to. */
export interface AccountTokenRecord {
  userId: number
  email: string
}

/**
 * The tokens of emailed links, by SHA-256 only. A token is for one purpose, works once (its row is
 * deleted by the claim), and only while its user is live and it has not expired.
 */
export function createAccountTokensRepository(db: Db) {
  const live = (tokenHash: string, purpose: AccountTokenPurpose, now: Date) =>
    and(
      eq(accountTokens.tokenHash, tokenHash),
      eq(accountTokens.purpose, purpose),
      gt(accountTokens.expiresAt, now),
      sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${accountTokens.userId} AND ${users.deletedAt} IS NULL)`,
    )

  return {
    /** Stores a new link's token; the user's older links of the purpose stop working. */
    replace: async (
      token: AccountTokenRecord & { purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date },
      on: Db = db,
    ) => {
      await on
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, token.userId), eq(accountTokens.purpose, token.purpose)))
      await on.insert(accountTokens).values(token)
    },

    /** The live token with this hash, without using it up. */
    find: async (
      tokenHash: string,
      purpose: AccountTokenPurpose,
      now: Date,
    ): Promise<AccountTokenRecord | undefined> => {
      const [row] = await db
        .select({ userId: accountTokens.userId, email: accountTokens.email })
        .from(accountTokens)
        .where(live(tokenHash, purpose, now))
      return row
    },

    /** Uses the token up: of concurrent claims exactly one gets its record. */
    claim: async (
      tokenHash: string,
      purpose: AccountTokenPurpose,
      now: Date,
      on: Db = db,
    ): Promise<AccountTokenRecord | undefined> => {
      const [row] = await on
        .delete(accountTokens)
        .where(live(tokenHash, purpose, now))
        .returning({ userId: accountTokens.userId, email: accountTokens.email })
      return row
    },

    /** Ends every link of the user for the purpose (all purposes when none is given). */
    deleteForUser: async (userId: number, purpose: AccountTokenPurpose | undefined, on: Db = db) => {
      await on
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, userId), purpose ? eq(accountTokens.purpose, purpose) : undefined))
    },
  }
}

export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>
