import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { mfaChallenges, recoveryCodes, totpFactors } from '../schema.js'

export interface TotpFactor {
  userId: number
  secretSealed: string
  /** Null while the enrolment waits for its first code. */
  enabledAt: Date | null
  lastUsedStep: number | null
  /** When the enrolment began (started again: when it began again). */
  createdAt: Date
}

export interface MfaChallengeRecord {
  userId: number
  credentialVersion: number
}

/**
 * The second factor's rows: TOTP factors, recovery codes (as digests) and the login challenges waiting
 * for a code (by their token's digest). Every "use" is a compare-and-set, so of two requests with the
 * same code or token only one wins.
 */
export function createSecondFactorRepository(db: Db) {
  return {
    findTotp: async (userId: number, on: Db = db): Promise<TotpFactor | undefined> =>
      (await on.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0],

    /** Starts (or starts again) an enrolment; false when TOTP is already on, which only removal ends. */
    startTotp: async (userId: number, secretSealed: string, now: Date): Promise<boolean> => {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretSealed, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretSealed, lastUsedStep: null, createdAt: now },
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId })
      return rows.length > 0
    },

    /**
     * Accepts a time step for the user's factor: only a later step than the last accepted (a code is
     * accepted once), and only while the factor is in the state asked for: `enabled` (on), or pending
     * with the secret the code was computed from (not an enrolment started again meanwhile), which the
     * step then turns on.
     */
    useStep: async (
      userId: number,
      step: number,
      state: { enable: Date; sealedSeen: string } | 'enabled',
      on: Db = db,
    ): Promise<boolean> => {
      const rows = await on
        .update(totpFactors)
        .set({ lastUsedStep: step, ...(state === 'enabled' ? {} : { enabledAt: state.enable }) })
        .where(
          and(
            eq(totpFactors.userId, userId),
            state === 'enabled'
              ? isNotNull(totpFactors.enabledAt)
              : and(isNull(totpFactors.enabledAt), eq(totpFactors.secretSealed, state.sealedSeen)),
            or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId })
      return rows.length > 0
    },

    /** A sealed secret sealed again (a key rotation), only if it is still the one read. */
    reseal: async (userId: number, sealedSeen: string, sealed: string): Promise<void> => {
      await db
        .update(totpFactors)
        .set({ secretSealed: sealed })
        .where(and(eq(totpFactors.userId, userId), eq(totpFactors.secretSealed, sealedSeen)))
    },

    /** Every TOTP row's sealed secret, for a key rotation's resealing. */
    listSealed: (): Promise<{ userId: number; secretSealed: string }[]> =>
      db.select({ userId: totpFactors.userId, secretSealed: totpFactors.secretSealed }).from(totpFactors),

    /** Removes TOTP and the recovery codes that came with it; false when there was no factor. */
    removeTotp: async (userId: number, on: Db = db): Promise<boolean> =>
      on.transaction(async (tx) => {
        const rows = await tx
          .delete(totpFactors)
          .where(eq(totpFactors.userId, userId))
          .returning({ userId: totpFactors.userId })
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId))
        return rows.length > 0
      }),

    /** Replaces the user's recovery codes with these digests. */
    replaceRecoveryCodes: async (userId: number, digests: string[], on: Db = db): Promise<void> => {
      await on.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
      await on.insert(recoveryCodes).values(digests.map((codeHash) => ({ userId, codeHash })))
    },

    /** Uses a recovery code once; false when it is not one of the user's unused codes. */
    useRecoveryCode: async (userId: number, digest: string, now: Date, on: Db = db): Promise<boolean> => {
      const rows = await on
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, digest), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id })
      return rows.length > 0
    },

    recoveryCodesLeft: async (userId: number): Promise<number> => {
      const [row] = await db
        .select({ left: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      return row?.left ?? 0
    },

    createChallenge: async (
      fields: { tokenHash: string; userId: number; credentialVersion: number; expiresAt: Date },
      now: Date,
    ): Promise<void> => {
      // The user's dead challenges go as a new one comes, so the table holds no more than the live ones.
      await db
        .delete(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.userId, fields.userId),
            or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)),
          ),
        )
      await db.insert(mfaChallenges).values(fields)
    },

    /** A live challenge: unused, unexpired, fewer than `maxFailures` wrong codes. */
    findLiveChallenge: async (
      tokenHash: string,
      now: Date,
      maxFailures: number,
    ): Promise<MfaChallengeRecord | undefined> =>
      (
        await db
          .select({ userId: mfaChallenges.userId, credentialVersion: mfaChallenges.credentialVersion })
          .from(mfaChallenges)
          .where(liveChallenge(tokenHash, now, maxFailures))
      )[0],

    /** Uses a live challenge once; false when it is no longer live. */
    useChallenge: async (tokenHash: string, now: Date, maxFailures: number, on: Db = db): Promise<boolean> => {
      const rows = await on
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(liveChallenge(tokenHash, now, maxFailures))
        .returning({ userId: mfaChallenges.userId })
      return rows.length > 0
    },

    /**
     * Deletes up to `limit` rows nobody can use any more: login challenges expired or used before
     * `now`, and TOTP enrolments still pending since before `pendingBefore`. Returns how many.
     */
    deleteDead: async (now: Date, pendingBefore: Date, limit: number): Promise<number> => {
      const deadChallenges = db
        .select({ tokenHash: mfaChallenges.tokenHash })
        .from(mfaChallenges)
        .where(or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)))
        .limit(limit)
        .for('update', { skipLocked: true })
      const challenges = await db
        .delete(mfaChallenges)
        .where(inArray(mfaChallenges.tokenHash, deadChallenges))
        .returning({ tokenHash: mfaChallenges.tokenHash })
      const stalePending = db
        .select({ userId: totpFactors.userId })
        .from(totpFactors)
        .where(and(isNull(totpFactors.enabledAt), lt(totpFactors.createdAt, pendingBefore)))
        .limit(limit)
        .for('update', { skipLocked: true })
      const pending = await db
        .delete(totpFactors)
        .where(and(inArray(totpFactors.userId, stalePending), isNull(totpFactors.enabledAt)))
        .returning({ userId: totpFactors.userId })
      return challenges.length + pending.length
    },

    /** Counts a wrong code against a challenge. */
    failChallenge: async (tokenHash: string): Promise<void> => {
      await db
        .update(mfaChallenges)
        .set({ failures: sql`${mfaChallenges.failures} + 1` })
        .where(eq(mfaChallenges.tokenHash, tokenHash))
    },
  }
}

const liveChallenge = (tokenHash: string, now: Date, maxFailures: number) =>
  and(
    eq(mfaChallenges.tokenHash, tokenHash),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, now),
    lt(mfaChallenges.failures, maxFailures),
  )

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>
