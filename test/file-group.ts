/**
 * Several test files in one process: `npm test` and the quick lane run most files so (test/groups.mjs
 * says why and which).
 *
 * A test file imports tap's root. In the test build `import t from 'tap'` resolves here (test/setup.ts),
 * to a stand-in for the test that stands for the file being run: in a group, a subtest named after the
 * file; run alone, tap's root. So a file's top-level tests, hooks and teardowns (test/helper.ts closes
 * the file's database in one) belong to the file, and end with it.
 */
import type { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'
import type { Test } from 'tap'
import { testBuildPath } from './backend.js'

// Imported when this module loads, so the bundle puts tap in a chunk of its own. The source maps leave
// tap's code unmapped (test/setup.ts keeps only the project's sources); in a chunk with this module, a
// lookup would take this module's nearest mapping before it, and a failure would point at lines here.
const { default: tap } = await import('tap')

let current: Test | undefined
// Node's types list only the process's own events.
const processEvents: EventEmitter = process

const fileTap: typeof tap = new Proxy(tap, {
  get(root, key) {
    const test = current ?? root
    const value: unknown = Reflect.get(test, key)
    return typeof value === 'function' ? value.bind(test) : value
  },
  set: (root, key, value) => Reflect.set(current ?? root, key, value),
})
export default fileTap

/** Runs the test files (as tap names them: test/routes/auth.test.ts) one after another, each its own subtest. */
export async function runGroup(files: string[]): Promise<void> {
  for (const file of files) {
    await tap.test(file, async (t) => {
      current = t
      await import(pathToFileURL(testBuildPath(file)).href)
    })
    current = undefined
    // test/launch.mjs records the file's times then.
    processEvents.emit('test-file-end', file)
  }
}
