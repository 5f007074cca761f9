import fp from 'fastify-plugin'
import { createRefreshTokensRepository } from '../db/repositories/refresh-tokens.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes sessions (token families) dead for longer than the retention window; returns sessions deleted. */
    purgeRefreshTokens: () => Promise<number>
  }
}

export interface HousekeepingOptions {
  /** How long a wholly revoked or expired family is kept (its reuse still reads as revoked, in the log). */
  retentionMs: number
  /** How often the purge runs; 0 turns the timer off. */
  intervalMs: number
  now: () => Date
}

const SESSIONS_PER_BATCH = 500
const MAX_BATCHES_PER_RUN = 200

/**
 * Keeps the sessions and refresh_tokens tables from growing without bound. Bounded batches that skip locked rows,
 * so every instance may run it at the same time. Depends on the db plugin.
 */
export default fp<HousekeepingOptions>(
  async (app, { retentionMs, intervalMs, now }) => {
    const tokens = createRefreshTokensRepository(app.db)

    const purge = async () => {
      const cutoff = new Date(now().getTime() - retentionMs)
      let deleted = 0
      for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
        const sessions = await tokens.deleteDeadSessions(cutoff, SESSIONS_PER_BATCH)
        deleted += sessions
        if (sessions === 0) break
      }
      if (deleted > 0) app.log.info({ deleted }, 'purged dead sessions')
      return deleted
    }
    app.decorate('purgeRefreshTokens', purge)

    if (intervalMs <= 0) return
    let running = false
    const timer = setInterval(() => {
      if (running) return
      running = true
      purge()
        .catch((error: unknown) => app.log.error({ err: error }, 'refresh-token purge failed'))
        .finally(() => {
          running = false
        })
    }, intervalMs)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'housekeeping', dependencies: ['db'] },
)
