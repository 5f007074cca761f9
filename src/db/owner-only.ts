/**
 * The embedded database's files are the user records, password hashes included: like PostgreSQL, keep
 * them readable by their owner alone, and refuse a directory that others can reach.
 */
import { chmodSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The permission bits of group and others, which a data directory must not carry. */
const SHARED = 0o077

/**
 * Throws one line when `dir` exists and group or others have any access to it, as PostgreSQL refuses
 * to start on such a data directory. A missing directory passes: it is created owner-only.
 */
export function refuseSharedDir(dir: string): void {
  // Windows has no such permission bits: Node reports a fixed mode there.
  if (process.platform === 'win32') return
  let mode: number
  try {
    mode = statSync(dir).mode
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return
    throw error
  }
  if ((mode & SHARED) === 0) return
  throw new Error(
    `the embedded database directory ${dir} is open to group or others (mode ${octal(mode)}); it holds password hashes, so like PostgreSQL the service starts only on a directory its owner alone can use: run chmod -R go-rwx ${dir}`,
  )
}

/**
 * Everything created from here on, by this process, is owner-only: PostgreSQL sets the same mask for
 * itself, but the embedded one's files are made by Node on its behalf.
 */
export function createOwnerOnly(): void {
  process.umask(SHARED)
}

/** Takes group and others' access from `dir` and everything below it. */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700)
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isDirectory()) chmodSync(path, 0o700)
    else if (entry.isFile()) chmodSync(path, 0o600)
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`
