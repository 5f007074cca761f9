/**
 * The embedded database's data directory on disk: refused when others can reach it, locked to this
 * process, and on a first start filled from the template `npm run build` made. The server opens it
 * before it loads the rest of itself, so a first start's copy goes on meanwhile.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createOwnerOnly, refuseSharedDir } from './owner-only.js'
import { copyPgliteTemplate, PGLITE_TEMPLATE } from './pglite-template.js'

export interface DataDir {
  /** Settles once the directory is filled from the template when new: true when PGlite is left to run initdb. */
  readonly filled: Promise<boolean>
  release(): void
}

/**
 * Refuses or locks `path` at once (throwing one line), and starts filling it from `template` (null:
 * leave a new directory to initdb).
 */
export function openDataDir(path: string, template: string | null = PGLITE_TEMPLATE): DataDir {
  refuseSharedDir(path)
  createOwnerOnly()
  mkdirSync(dirname(path), { recursive: true })
  const release = lockDataDir(path)
  const fresh = !existsSync(join(path, 'PG_VERSION'))
  const filled = (async () => {
    const copied = fresh && template !== null && (await copyPgliteTemplate(template, path))
    return fresh && !copied
  })()
  // Awaited once PGlite is under way; a failure before then is no unhandled rejection.
  filled.catch(() => {})
  return { filled, release }
}

/**
 * PGlite does not stop a second process from opening the same directory, and two writers corrupt it.
 * A lock file beside the directory names the owning process; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockFile, 'utf8'))
      if (owner && owner !== process.pid && isRunning(owner))
        throw new Error(`the embedded database in ${dataDir} is in use by process ${owner}; stop it first`)
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`could not lock the embedded database in ${dataDir}`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}
