/**
 * Runs once before the test files: prepares one migrated database that every test file copies, so no
 * file pays for migrations. TEST_DB=postgres (default) makes a template database; TEST_DB=pglite
 * dumps a migrated PGlite data directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import postgres from 'postgres'
import { createDatabase } from '../src/db/client.js'
import { migratePostgres } from '../src/db/migrate.js'
import { adminUrl, databaseUrl, PGLITE_SNAPSHOT, TEMPLATE_DATABASE, testBackend } from './backend.js'

if (testBackend() === 'pglite') {
  const database = createDatabase({ url: undefined, pgliteDataDir: 'memory://', poolMax: 1, migrateOnStart: true })
  await database.migrate()
  const client = (database.db as unknown as { $client: { dumpDataDir(format: 'gzip'): Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('gzip')
  mkdirSync(dirname(PGLITE_SNAPSHOT), { recursive: true })
  writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()))
  await database.close()
} else {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  // Left over from an interrupted run: test databases are disposable.
  const stale = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE 'svc_test_%'`
  for (const { datname } of stale) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  await admin.unsafe(`CREATE DATABASE "${TEMPLATE_DATABASE}"`)
  await admin.end()
  await migratePostgres(databaseUrl(TEMPLATE_DATABASE))
}
