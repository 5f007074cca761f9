/**
 * The migrations could not run at start-up because the database took no writes (a standby): the
 * instance serves unready and applies them once it does. Readiness fails with this message.
 */
export class MigrationsPending extends Error {
  readonly code = 'MIGRATIONS_PENDING'
  constructor(reason: string) {
    super(`migrations not applied yet (DB_MIGRATE_ON_START): ${reason}; they run as soon as the database takes writes`)
    this.name = 'MigrationsPending'
  }
}
