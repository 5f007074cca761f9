/**
 * Test files run in groups, several to a process (test/file-group.ts): each file's top-level tests and
 * teardowns belong to a subtest of its own, which ends, teardowns and all, before the next file starts.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'
import { TEST_BUILD, testBuildPath } from '../backend.js'

const run = promisify(execFile)
const GROUP_MODULE = testBuildPath('test/file-group.ts')

/** Two test files, as the setup would compile them, and a group that runs them; the group's output. */
async function runTwoFiles(t: Test) {
  const dir = mkdtempSync(join(TEST_BUILD, 'group-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const name = (file: string) => relative(TEST_BUILD, join(dir, file))
  const file = (label: string) => `
    import t from ${JSON.stringify(GROUP_MODULE)}
    t.teardown(() => console.log('# ${label} torn down'))
    t.test('${label}: its t is its own subtest', async (sub) => {
      sub.equal(t.name, ${JSON.stringify(name(`${label}.test.ts`))})
    })
  `
  writeFileSync(join(dir, 'first.test.mjs'), file('first'))
  writeFileSync(join(dir, 'second.test.mjs'), file('second'))
  const group = join(dir, 'group.mjs')
  const files = [name('first.test.ts'), name('second.test.ts')]
  writeFileSync(
    group,
    `import { runGroup } from ${JSON.stringify(GROUP_MODULE)}\nawait runGroup(${JSON.stringify(files)})\n`,
  )
  const { stdout } = await run(process.execPath, [group])
  return { stdout, files }
}

t.test('a group runs each file as a subtest named after it, its teardowns before the next file', async (t) => {
  const { stdout, files } = await runTwoFiles(t)
  const at = (line: string) => {
    const index = stdout.indexOf(line)
    t.ok(index >= 0, `says "${line.trim()}"`)
    return index
  }
  t.match(stdout, /^1\.\.2$/m, 'two files')
  t.notMatch(stdout, /not ok/, 'both pass')
  const order = [
    at(`# Subtest: ${files[0]}`),
    at('first torn down'),
    at(`ok 1 - ${files[0]}`),
    at(`# Subtest: ${files[1]}`),
    at('second torn down'),
    at(`ok 2 - ${files[1]}`),
  ]
  t.same(
    order,
    [...order].sort((a, b) => a - b),
    'in that order',
  )
})
