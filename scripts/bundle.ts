/**
 * The last step of `npm run build`: bundles the server into dist/bundle/server.mjs, the file `npm start`
 * runs, with the bcrypt worker beside it. Resolving and loading the service's ~1,000 modules one by one
 * was most of a cold start; the bundle starts in about two thirds of the time. Modules loaded only on
 * demand (the database driver not in use, the Redis store) go to chunks of their own. The scripts keep
 * running from tsc's output in dist/.
 */
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { ROOT } from '../src/paths.js'

export const BUNDLE_DIR = join(ROOT, 'dist', 'bundle')
/** What `npm start` runs. */
export const BUNDLE_ENTRY = join(BUNDLE_DIR, 'server.mjs')

/** Packages left outside the bundle, each because it finds files of its own beside its modules. */
export const EXTERNAL = [
  // its WebAssembly build and data files
  '@electric-sql/pglite',
  // the script each worker thread starts with
  'piscina',
  // its package.json, and its own folder in error stacks (loaded only for a Redis rate limit store)
  'ioredis',
]

/** Bundled CommonJS packages still call require, which an ES module does not have. */
export const REQUIRE_BANNER = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
}

const SWAGGER_UI = join(ROOT, 'node_modules', '@fastify', 'swagger-ui')

/**
 * Swagger UI, bundled: loaded as the hundred CommonJS modules it and @fastify/static are made of, it
 * took a start (and every test file) 50 to 70 ms of CPU. It finds its logo and the folder of assets it
 * serves by `__dirname`, which an ES module does not have: there its own folder, resolved where the
 * bundle runs, stands in.
 */
export const swaggerUiFolder: Plugin = {
  name: 'swagger-ui-folder',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8')
      const folder = `require('node:path').join(require.resolve('@fastify/swagger-ui/package.json'), '..', ${JSON.stringify(relative(SWAGGER_UI, dirname(path)))})`
      return { contents: source.replaceAll('__dirname', `(${folder})`) }
    })
  },
}

/** Writes the bundle, with source maps for `node --enable-source-maps`, into `outdir`. */
export async function bundle(outdir = BUNDLE_DIR): Promise<void> {
  // Chunk names carry content hashes: an earlier build's would stay behind.
  rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: ROOT,
    entryPoints: { server: 'src/server.ts', 'password-worker': 'src/services/password-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [swaggerUiFolder],
    banner: REQUIRE_BANNER,
    sourcemap: 'linked',
    logLevel: 'warning',
  })
}

if (import.meta.filename === process.argv[1]) await bundle()
