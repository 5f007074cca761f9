/**
 * Runs once before the test files: compiles the TypeScript the test files run as (test/launch.mjs),
 * prepares one migrated database that every test file copies, so no file pays for migrations
 * (TEST_DB=postgres, the default, makes a template database; TEST_DB=pglite dumps a migrated PGlite
 * data directory), and bundles the server the process tests start. What is already there for the
 * same sources (a lane run just before, or beside this one) is kept, not made again.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec'
import { build, type Plugin } from 'esbuild'
import postgres from 'postgres'
import { bundle, EXTERNAL, REQUIRE_BANNER, swaggerUiFolder } from '../scripts/bundle.js'
import { createDatabase } from '../src/db/client.js'
import { migratePostgres } from '../src/db/migrate.js'
import { dropTemplateDatabases } from '../src/db/pglite-template.js'
import { ROOT } from '../src/paths.js'
import {
  adminUrl,
  databaseUrl,
  PGLITE_SNAPSHOT,
  TEMPLATE_DATABASE,
  TEST_BUILD,
  TEST_BUNDLE,
  testBackend,
  writeWhole,
} from './backend.js'

/**
 * Packages the test bundle leaves outside, beside the server bundle's: tools that find files or binaries
 * of their own beside their modules. tap is bundled too: loading its modules one by one cost each file
 * 0.07 s of CPU.
 */
const TEST_EXTERNAL = [
  ...EXTERNAL,
  'esbuild',
  'tsx',
  'typescript',
  'playwright-core',
  'openapi-typescript',
  '@hey-api/openapi-ts',
]

/** test/file-group.ts: what `import t from 'tap'` in a test file stands for. */
const GROUP_MODULE = 'test/file-group.ts'

/** Every import of tap but the group module's own resolves to the group module's stand-in. */
const fileTap: Plugin = {
  name: 'file-tap',
  setup(build) {
    const module = join(ROOT, GROUP_MODULE)
    build.onResolve({ filter: /^tap$/ }, ({ importer }) => (importer === module ? undefined : { path: module }))
  },
}

/** The scripts behind `npm run db:migrate`, `create-admin`, `roles` and `mfa`. */
const TOOLS = ['migrate', 'create-admin', 'roles', 'mfa']

// What the build and the bundle are made from: every file's path, size and time of change under the
// compiled folders, and the locked dependencies.
const SOURCES = ['src', 'scripts', 'test', 'openapi']
const sources = createHash('sha256').update(readFileSync(join(ROOT, 'package-lock.json')))
for (const dir of SOURCES)
  for (const file of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).sort()) {
    const stat = statSync(join(ROOT, dir, file))
    if (stat.isFile()) sources.update(`${dir}/${file} ${stat.size} ${stat.mtimeMs}\n`)
  }
const stamp = sources.digest('hex')
const STAMP_FILE = `${TEST_BUILD}.sources`
if (!existsSync(STAMP_FILE) || readFileSync(STAMP_FILE, 'utf8') !== stamp) await compile()

async function compile() {
  // Each test file bundled with what it imports, the modules the files share split into chunks of
  // their own: a file then loads a few dozen files instead of resolving about a thousand modules one by
  // one, which had cost each file about 0.4 s of CPU before its first test. Source maps point failures
  // at the TypeScript line. Written over the last run's: a run in progress beside this one reads the
  // same files.
  const tests = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('test', file))
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [
      ...tests.map((file) => ({ in: file, out: file.replace(/\.ts$/, '') })),
      // The tools the tests also run as processes of their own (test/run-script.ts).
      ...TOOLS.map((tool) => ({ in: `scripts/${tool}.ts`, out: `scripts/${tool}` })),
      // Beside the chunks, where src/services/passwords.ts looks for its worker's script.
      { in: 'src/services/password-worker.ts', out: 'password-worker' },
      // What runs several test files in one process (test/groups.mjs).
      { in: GROUP_MODULE, out: 'test/file-group' },
    ],
    outdir: TEST_BUILD,
    // Under node_modules Node reads no package.json of ours: a .js file there would be read as CommonJS
    // first, with a warning, and then again as a module.
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: TEST_EXTERNAL,
    plugins: [swaggerUiFolder, fileTap],
    banner: REQUIRE_BANNER,
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  })
  // Chunk names carry content hashes: the last build's would stay behind.
  // The outputs list each source map beside its chunk.
  const written = new Set(Object.keys(metafile.outputs).map((file) => join(ROOT, file)))
  for (const file of written) if (file.endsWith('.map')) keepOwnSources(file)
  for (const file of readdirSync(TEST_BUILD))
    if (file.startsWith('chunk-') && !written.has(join(TEST_BUILD, file))) rmSync(join(TEST_BUILD, file))
  await bundle(dirname(TEST_BUNDLE))
  writeFileSync(STAMP_FILE, stamp)
}

if (testBackend() === 'pglite' && !existsSync(PGLITE_SNAPSHOT)) {
  const database = await createDatabase({
    url: undefined,
    pgliteDataDir: 'memory://',
    poolMax: 1,
    migrateOnStart: true,
  })
  await database.migrate()
  const client = (
    database.db as unknown as {
      $client: { exec(sql: string): Promise<unknown>; dumpDataDir(format: 'none'): Promise<Blob> }
    }
  ).$client
  // As the service's own template: their 600 files were most of what each test file unpacked.
  await dropTemplateDatabases(client)
  // Not compressed: every PGlite test file loads it, and unpacking a gzip took each a quarter second of CPU.
  const dump = await client.dumpDataDir('none')
  mkdirSync(dirname(PGLITE_SNAPSHOT), { recursive: true })
  writeWhole(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  // Snapshots of other migrations or another PGlite: kept only by a run of another checkout's sources.
  for (const file of readdirSync(dirname(PGLITE_SNAPSHOT)))
    if (/\.(tgz|tar)$/.test(file) && file !== basename(PGLITE_SNAPSHOT)) rmSync(join(dirname(PGLITE_SNAPSHOT), file))
} else if (testBackend() === 'postgres') {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  // Databases of test processes that are gone (an interrupted run). Templates of other migrations stay:
  // a run on another checkout of the project may be copying from one right now.
  const existing = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE 'svc\_%'`
  for (const { datname } of existing) {
    const pid = /^svc_test_(\d+)_/.exec(datname)?.[1]
    if (pid && !isRunning(Number(pid))) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  }
  if (!existing.some(({ datname }) => datname === TEMPLATE_DATABASE)) {
    await admin.unsafe(`CREATE DATABASE "${TEMPLATE_DATABASE}"`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error // created meanwhile by a parallel run
    })
  }
  await admin.end()
  // Idempotent, and serialised by the migration lock.
  await migratePostgres(databaseUrl(TEMPLATE_DATABASE))
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Cuts a source map down to the project's own sources. Node reads the map of each file it loads and
 * decodes it when a stack is first taken (tap takes one for every test): the maps of every bundled
 * package, six times the size of the project's own, cost each test file about 0.1 s of CPU, and a
 * failure is read in the project's code.
 */
function keepOwnSources(file: string) {
  const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; mappings: string }
  const own = map.sources.map((source) => !relative(ROOT, resolve(dirname(file), source)).startsWith('node_modules'))
  let kept = 0
  const index = own.map((keep) => (keep ? kept++ : -1))
  const mappings = decode(map.mappings).map((line) =>
    line
      .filter((segment) => segment.length > 1 && own[segment[1] as number])
      .map(([column, source, ...rest]) => [column, index[source as number], ...rest] as SourceMapSegment),
  )
  const sources = map.sources.filter((_, at) => own[at])
  writeWhole(file, JSON.stringify({ ...map, sources, mappings: encode(mappings) }))
}
