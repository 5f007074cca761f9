import { readMigrationFiles } from 'drizzle-orm/migrator'
import postgres from 'postgres'
import { MIGRATIONS_DIR } from '../paths.js'
import { hostRouting } from './multi-host.js'
import { begin } from './postgres.js'

/** Start-up waits longer for the database than a request does. */
const MIGRATE_CONNECT_TIMEOUT_S = 10

/** An arbitrary constant shared by every instance: the migration lock's key. */
const MIGRATION_LOCK_KEY = 727_146_001

export interface MigrateOptions {
  /** DATABASE_PREPARED_STATEMENTS: false through a pooler in transaction mode. */
  preparedStatements?: boolean
  /** DB_MIGRATE_LOCK_TIMEOUT: how long to wait for another instance's migration. */
  lockTimeoutMs?: number
}

/** Another instance held the migration lock for longer than DB_MIGRATE_LOCK_TIMEOUT. */
export class MigrationLockTimeout extends Error {
  constructor(lockTimeoutMs: number) {
    super(
      `the migration lock was not free within ${lockTimeoutMs / 1000}s (DB_MIGRATE_LOCK_TIMEOUT): another instance is migrating or holds it`,
    )
    this.name = 'MigrationLockTimeout'
  }
}

/**
 * Applies the migrations in one transaction that first takes a transaction-scoped advisory lock, so
 * instances that start together take turns: the first migrates, the others find nothing left to do.
 * Everything, the lock included, lives and dies with that one transaction, which a pooler in
 * transaction mode keeps on one server connection: no unlock can go astray and no lock outlives a
 * crashed instance.
 */
export async function migratePostgres(url: string, options: MigrateOptions = {}): Promise<void> {
  const { preparedStatements = true, lockTimeoutMs = 60_000 } = options
  const routing = hostRouting(url, { connectTimeoutS: MIGRATE_CONNECT_TIMEOUT_S })
  const client = postgres(url, {
    ...routing.options,
    max: 1,
    connect_timeout: MIGRATE_CONNECT_TIMEOUT_S,
    prepare: preparedStatements,
    onnotice: () => {},
  })
  try {
    await begin(client, async (tx) => {
      await tx.unsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`)
      try {
        await tx.unsafe('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
      } catch (error) {
        // 55P03 lock_not_available: lock_timeout passed.
        if ((error as { code?: unknown }).code === '55P03') throw new MigrationLockTimeout(lockTimeoutMs)
        throw error
      }
      await tx.unsafe('SET LOCAL lock_timeout = 0')
      // Drizzle's migrator, in this transaction: its bookkeeping table and rule (a migration is applied
      // when it is newer than the last one recorded), so `drizzle-kit` and older releases agree.
      await tx.unsafe('CREATE SCHEMA IF NOT EXISTS drizzle')
      await tx.unsafe(
        'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      )
      const [last] = await tx.unsafe<{ created_at: string }[]>(
        'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
      )
      for (const migration of readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })) {
        if (last && Number(last.created_at) >= migration.folderMillis) continue
        for (const statement of migration.sql) await tx.unsafe(statement)
        await tx.unsafe('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ])
      }
    })
  } finally {
    await client.end({ timeout: 5 })
    await routing.close()
  }
}
