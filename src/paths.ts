import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package root, found from this file whether it runs from src/ or from the compiled dist/src/. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('package.json not found above the service sources')
    dir = parent
  }
  return dir
}

export const ROOT = findRoot()
export const MIGRATIONS_DIR = join(ROOT, 'drizzle')
export const OPENAPI_FILE = join(ROOT, 'openapi', 'openapi.json')
