/** Which database the suite runs against, and where it lives. */
export type Backend = 'postgres' | 'pglite'

export const testBackend = (): Backend => (process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres')

/** The server the PostgreSQL run uses; every test file gets its own database on it. */
export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const TEMPLATE_DATABASE = 'svc_test_template'
export const PGLITE_SNAPSHOT = '.data/test/pglite-snapshot.tgz'

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return url.toString()
}
