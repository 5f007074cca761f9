import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { MIGRATIONS_DIR } from '../paths.js'

/** An arbitrary constant shared by every instance: the session-level advisory lock's key. */
const MIGRATION_LOCK_KEY = 727_146_001

/**
 * Applies the migrations on one dedicated connection that holds an advisory lock, so instances that
 * start together take turns: the first migrates, the others find nothing left to do.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = postgres(url, { max: 1, connect_timeout: 10, onnotice: () => {} })
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR })
    } finally {
      await client`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`
    }
  } finally {
    await client.end({ timeout: 5 })
  }
}
