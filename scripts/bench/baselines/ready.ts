/**
 * Baseline for cold start: node:http and the database alone. It connects (PostgreSQL through
 * postgres.js when DATABASE_URL is set, otherwise PGlite on PGLITE_DATA_DIR with the service's memory
 * settings) and pings before listening, as the service does, and answers `GET /health/ready` with a ping.
 */
import { connect, send, serve, setting } from './shared.js'

async function open(): Promise<{ ping: () => Promise<unknown>; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const sql = connect()
    return { ping: () => sql`SELECT 1`, close: () => sql.end({ timeout: 5 }) }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const db = new PGlite(setting('PGLITE_DATA_DIR'), {
    initialMemory: 128 * 1024 * 1024,
    postgresqlconf: ['shared_buffers=8MB', 'work_mem=1MB', 'maintenance_work_mem=16MB'],
  })
  return { ping: () => db.query('SELECT 1'), close: () => db.close() }
}

const database = await open()
await database.ping()
serve(async (req, res) => {
  if (req.url !== '/health/ready') return send(res, 404, { error: 'not found' })
  await database.ping()
  send(res, 200, { status: 'healthy', checks: [{ name: 'database', status: 'pass' }] })
}, database.close)
