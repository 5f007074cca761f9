import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { MIGRATIONS_DIR, ROOT } from '../src/paths.js'

/** Which database the suite runs against, and where it lives. */
export type Backend = 'postgres' | 'pglite'

export const testBackend = (): Backend => (process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres')

/** The server the PostgreSQL run uses; every test file gets its own database on it. */
export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * The migrated template every test database is copied from. Its name carries a digest of the
 * migrations, so a run reuses it until the migrations change, and parallel runs agree on it.
 */
export const TEMPLATE_DATABASE = `svc_template_${createHash('sha256')
  .update(readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort().join('\n'))
  .update(
    readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12)}`
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string
  }
).version
/** The migrated PGlite data directory every test file loads: made again when the migrations or PGlite change. */
export const PGLITE_SNAPSHOT = join('.data', 'test', `${TEMPLATE_DATABASE}-pglite-${PGLITE_VERSION}.tar`)

/**
 * Where the setup bundles the test files and the tools they run (test/launch.mjs and run-script.ts read them
 * there). The plain JavaScript that runs before anything is compiled spells it again: COMPILED in test/groups.mjs.
 */
export const TEST_BUILD = join(ROOT, 'node_modules', '.cache', 'test-build')

/** Where the setup writes the bundle of a TypeScript entry point, named from the project's root or in full. */
export const testBuildPath = (entry: string) =>
  join(TEST_BUILD, relative(ROOT, resolve(ROOT, entry)).replace(/\.ts$/, '.mjs'))

/**
 * The server as `npm start` runs it, bundled afresh from the sources by the setup of each run: the
 * tests that start the server as its own process start this, in a third of the time and CPU the
 * sources take through the TypeScript loader. Under node_modules, so the packages left outside the
 * bundle resolve.
 */
export const TEST_BUNDLE = join(ROOT, 'node_modules', '.cache', 'test-bundle', 'server.mjs')

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Writes a file that test processes and lanes running at the same time read (the PGlite snapshot, the
 * source maps, the contract's validators): aside first, then renamed over it, so none reads half of one.
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  writeFileSync(`${file}.${process.pid}`, data)
  renameSync(`${file}.${process.pid}`, file)
}
