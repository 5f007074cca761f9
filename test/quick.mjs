/**
 * `npm run test:quick`: the quick lane (test/quick.taprc) on PGlite, for the edit–test loop, its files in
 * groups, several to a process (test/groups.mjs). Files named on the command line run as tap runs them,
 * a process each.
 */
import { spawn } from 'node:child_process'
import { writeGroups } from './groups.mjs'

const args = process.argv.slice(2)
const named = args.some((arg) => !arg.startsWith('-'))
const groups = named ? [] : writeGroups('quick', 'test/quick.taprc')
const env = { ...process.env, TEST_DB: 'pglite', TAP_RCFILE: 'test/quick.taprc' }
const tap = spawn('node_modules/.bin/tap', [...args, ...groups], { env, stdio: 'inherit' })
tap.on('close', (code, signal) => {
  process.exitCode = signal ? 1 : (code ?? 1)
})
