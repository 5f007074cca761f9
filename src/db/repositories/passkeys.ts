import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { passkeys, users, webauthnChallenges } from '../schema.js'

export type PasskeyRecord = typeof passkeys.$inferSelect
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id' | 'counter' | 'lastUsedAt' | 'createdAt'> & {
  counter: number
}

export type ChallengePurpose = 'registration' | 'authentication'

/** What a used challenge was issued for: a registration's user, handle and name; nothing for a sign-in. */
export interface UsedChallenge {
  userId: number | null
  userHandle: string | null
  name: string | null
}

/**
 * Passkeys and the WebAuthn challenges of ceremonies under way. A challenge is used by deleting it, and
 * a sign-in advances its passkey's counter only from the value it verified against: of two requests with
 * one challenge or one assertion, only one wins.
 */
export function createPasskeysRepository(db: Db) {
  return {
    listFor: (userId: number): Promise<PasskeyRecord[]> =>
      db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)),

    countFor: async (userId: number): Promise<number> => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
      return row?.count ?? 0
    },

    /** The handle the user's passkeys carry, so every authenticator knows the account by one handle. */
    userHandleOf: async (userId: number): Promise<string | undefined> =>
      (
        await db.select({ userHandle: passkeys.userHandle }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)
      )[0]?.userHandle,

    findByCredentialId: async (credentialId: string): Promise<PasskeyRecord | undefined> =>
      (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0],

    /**
     * Stores a new passkey unless the user holds `most` already (`full`) or its credential is registered
     * already, to anyone (`taken`). The user's row is locked while the passkeys are counted, so two
     * registrations at once cannot both take the last place.
     */
    add: (passkey: NewPasskey, most: number): Promise<PasskeyRecord | 'full' | 'taken'> =>
      db.transaction(async (tx) => {
        // As a revocation locks it (refresh-tokens.ts): no key update, so inserts that refer to the user still go on.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, passkey.userId)).for('no key update')
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(passkeys)
          .where(eq(passkeys.userId, passkey.userId))
        if ((held?.count ?? 0) >= most) return 'full'
        const [added] = await tx
          .insert(passkeys)
          .values(passkey)
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning()
        return added ?? 'taken'
      }),

    rename: async (userId: number, id: number, name: string): Promise<PasskeyRecord | undefined> =>
      (
        await db
          .update(passkeys)
          .set({ name })
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .returning()
      )[0],

    remove: async (userId: number, id: number): Promise<boolean> =>
      (
        await db
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .returning({ id: passkeys.id })
      ).length > 0,

    /** Every passkey of the user (an administrator's reset); returns how many there were. */
    removeAll: async (userId: number, on: Db = db): Promise<number> =>
      (await on.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length,

    /**
     * Records a verified sign-in: the new counter, only if the stored one is still the one verified
     * against (a concurrent use of the same assertion, or of a clone, loses).
     */
    recordUse: async (id: number, counterSeen: number, counter: number, now: Date): Promise<boolean> =>
      (
        await db
          .update(passkeys)
          .set({ counter, lastUsedAt: now })
          .where(and(eq(passkeys.id, id), eq(passkeys.counter, counterSeen)))
          .returning({ id: passkeys.id })
      ).length > 0,

    createChallenge: async (fields: typeof webauthnChallenges.$inferInsert): Promise<void> => {
      await db.insert(webauthnChallenges).values(fields)
    },

    /**
     * Uses a live challenge of this purpose (and, for a registration, of this user) by deleting it;
     * undefined when there is none.
     */
    useChallenge: async (
      challengeHash: string,
      purpose: ChallengePurpose,
      now: Date,
      userId?: number,
    ): Promise<UsedChallenge | undefined> =>
      (
        await db
          .delete(webauthnChallenges)
          .where(
            and(
              eq(webauthnChallenges.challengeHash, challengeHash),
              eq(webauthnChallenges.purpose, purpose),
              gt(webauthnChallenges.expiresAt, now),
              userId === undefined ? undefined : eq(webauthnChallenges.userId, userId),
            ),
          )
          .returning({
            userId: webauthnChallenges.userId,
            userHandle: webauthnChallenges.userHandle,
            name: webauthnChallenges.name,
          })
      )[0],

    /** Deletes up to `limit` challenges that expired before `cutoff`; returns how many. */
    deleteExpiredChallenges: async (cutoff: Date, limit: number): Promise<number> => {
      const expired = db
        .select({ challengeHash: webauthnChallenges.challengeHash })
        .from(webauthnChallenges)
        .where(lt(webauthnChallenges.expiresAt, cutoff))
        .limit(limit)
        .for('update', { skipLocked: true })
      return (
        await db
          .delete(webauthnChallenges)
          .where(inArray(webauthnChallenges.challengeHash, expired))
          .returning({ challengeHash: webauthnChallenges.challengeHash })
      ).length
    },
  }
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>
