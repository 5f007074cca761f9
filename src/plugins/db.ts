import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.js'
import { isReadOnly } from '../db/errors.js'
import { MigrationsPending } from '../db/migrations-pending.js'
import { AppError, ErrorCode, Message } from '../errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** The readiness probe's database check: the ping, failing while start-up migrations wait. */
    dbReady: () => Promise<void>
  }
}

export interface DbPluginOptions {
  database: Database
  migrateOnStart: boolean
  closeWithApp: boolean
  /** How long a deferred migration waits between attempts. */
  migrateRetryMs?: number
}

/** Often enough to be ready soon after a promotion, rarely enough to spare a database in trouble. */
const MIGRATE_RETRY_MS = 2000

/**
 * Decorates `app.db`; migrates at start when configured; closes the database with
 * the app when the app created it.
 *
 * A database that takes no writes at start-up (only a standby is reachable during a failover) does
 * not stop start-up: exiting would only restart the instance into the same refusal, over and over.
 * The instance serves unready, says why, and applies the migrations once the database takes writes.
 */
export default fp<DbPluginOptions>(
  async (app, { database, migrateOnStart, closeWithApp, migrateRetryMs = MIGRATE_RETRY_MS }) => {
    let pending: MigrationsPending | undefined
    let retry: NodeJS.Timeout | undefined
    let attempt: Promise<void> | undefined
    let closed = false

    const migrateLater = () => {
      attempt = database.migrate().then(
        () => {
          pending = undefined
          app.log.info('migrations applied: the database takes writes now')
        },
        (error: unknown) => {
          const next = deferred(error)
          // One line per change of cause, not one per attempt.
          if (next.message !== pending?.message) app.log.warn({ err: error }, next.message)
          pending = next
          if (!closed) retry = setTimeout(migrateLater, migrateRetryMs).unref()
        },
      )
    }

    // Opened, migrated and pinged while the plugins after this one are set up (a first start on the
    // embedded database is still copying its files): the app is ready once this is done.
    const opening = open()
    opening.catch(() => {})
    app.addHook('onReady', async () => {
      await opening
    })
    async function open() {
      if (migrateOnStart) {
        try {
          await database.migrate()
        } catch (error) {
          if (!isReadOnly(error)) throw error
          pending = deferred(error)
          app.log.warn(pending.message)
          if (!closed) retry = setTimeout(migrateLater, migrateRetryMs).unref()
        }
      }
      // Connect before serving: a database that is down stops start-up, and the embedded one warms up
      // (its first query is slow) before readiness is measured. A read-only one (a standby about to be
      // promoted) is reachable: the instance starts unready, and is ready once it takes writes.
      await database.ping().catch((error: unknown) => {
        if (isReadOnly(error)) return
        clearTimeout(retry)
        throw error
      })
      const warning = await database.startupWarning?.().catch(() => undefined)
      if (warning) app.log.warn(warning)
    }
    app.decorate('db', database.db)
    app.decorate('dbReady', async () => {
      if (pending) throw pending
      await database.ping()
    })
    // The API's tables may not exist yet: its requests are an outage until the migrations ran, not a 500.
    if (migrateOnStart)
      app.addHook('onRequest', (request, _reply, done) => {
        if (pending && request.url.startsWith('/api/'))
          return done(
            new AppError(ErrorCode.SERVICE_UNAVAILABLE, Message.UNAVAILABLE, {
              logFields: { reason: pending.message },
            }),
          )
        done()
      })
    app.addHook('onClose', async () => {
      closed = true
      clearTimeout(retry)
      await opening.catch(() => {})
      await attempt
    })
    if (closeWithApp)
      app.addHook('onClose', async () => {
        await database.close()
      })
  },
  { name: 'db' },
)

/** Why the migrations still wait, from the last attempt's failure. */
function deferred(error: unknown): MigrationsPending {
  if (isReadOnly(error)) return new MigrationsPending('the database is read-only (a standby, not the primary)')
  return new MigrationsPending(`the last attempt failed: ${error instanceof Error ? error.message : String(error)}`)
}
