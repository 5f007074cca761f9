import { type Config, loadDatabaseConfig } from '../src/config.js'
import { createDatabase } from '../src/db/client.js'
import { runFromProcess, runTool } from './cli.js'

/**
 * `npm run db:migrate`: applies the committed migrations to the configured database, whatever
 * DB_MIGRATE_ON_START says, and exits. Only the database settings are read: no JWT secret needed.
 */
await runFromProcess((argv, env, io) =>
  runTool(argv, env, io, {}, async (tool) => {
    const config = loadDatabaseConfig(tool.env)
    const database = await createDatabase({ ...config, poolMax: 1 })
    try {
      await database.migrate()
    } finally {
      await database.close()
    }
    return `Migrations applied to ${describe(config)}`
  }),
)

/** Where the migrations went, without the credentials a URL may carry. */
function describe({ url, pgliteDataDir }: Config['database']): string {
  if (url === undefined) return `the embedded database in ${pgliteDataDir}`
  const { hostname, port, pathname } = new URL(url)
  return `PostgreSQL database ${decodeURIComponent(pathname.slice(1))} on ${hostname}${port ? `:${port}` : ''}`
}
