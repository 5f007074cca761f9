import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.js'
import { isReadOnly } from '../db/errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

export interface DbPluginOptions {
  database: Database
  migrateOnStart: boolean
  closeWithApp: boolean
}

/**
 * Decorates `app.db`; migrates at start when configured; closes the database with
 * the app when the app created it.
 */
export default fp<DbPluginOptions>(
  async (app, { database, migrateOnStart, closeWithApp }) => {
    if (migrateOnStart) await database.migrate()
    // Connect before serving: a database that is down stops start-up, and the embedded one warms up
    // (its first query is slow) before readiness is measured. A read-only one (a standby about to be
    // promoted) is reachable: the instance starts unready, and is ready once it takes writes.
    await database.ping().catch((error: unknown) => {
      if (!isReadOnly(error)) throw error
    })
    app.decorate('db', database.db)
    if (closeWithApp)
      app.addHook('onClose', async () => {
        await database.close()
      })
  },
  { name: 'db' },
)
