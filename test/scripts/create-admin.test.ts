import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createAdmin } from '../../scripts/admin/create-admin.js'
import { build, registerUser, uniqueEmail } from '../helper.js'
import {
  listUsers,
  ONE_LINE,
  processDatabase,
  type RunOptions,
  rolesAfterLogin,
  runTool,
  spawnTool,
  tempDir,
} from './run-tool.js'

// readline draws its questions with cursor movements; the words are what the operator reads.
const CURSOR_MOVES = /\p{Cc}\[[0-9;]*[A-Za-z]/gu
const asked = (stderr: string) => stderr.replace(CURSOR_MOVES, '')

const run = (args: string[], options?: RunOptions) => runTool(createAdmin, args, options)
const app = await build(t)

t.test('creates an administrator who can list users', async (t) => {
  const email = uniqueEmail('admin')
  const exit = await run(['--email', email, '--name', '  Ada Lovelace  ', '--password', 'analytical'])
  t.equal(exit.code, 0, exit.stderr)
  t.equal(exit.stderr, '')
  t.match(exit.stdout, new RegExp(`^Created administrator Ada Lovelace <${email}> \\(id \\d+\\)\\n$`), 'one line')

  const admin = await rolesAfterLogin(app, email, 'analytical')
  t.equal(admin.status, 200)
  t.same(admin.roles, ['user', 'admin'], 'user first, then admin')
  t.match(exit.stdout, `(id ${admin.id})`, 'the printed id is the user')
  const list = await listUsers(app, admin.headers)
  t.equal(list.statusCode, 200)
  t.match(list.json().data, [{ id: admin.id, name: 'Ada Lovelace', email, roles: ['user', 'admin'] }], 'name trimmed')
})

t.test('promotes the live user with that email when given their password, keeping their name', async (t) => {
  const user = await registerUser(app, { name: 'Grace Hopper' })
  t.equal((await listUsers(app, (await rolesAfterLogin(app, user.email, user.password)).headers)).statusCode, 403)

  const args = ['--email', user.email.toUpperCase(), '--name', 'Someone Else', '--password', user.password]
  const exit = await run(args)
  t.equal(exit.code, 0, exit.stderr)
  t.match(
    exit.stdout,
    new RegExp(
      `^Promoted existing user Grace Hopper <${user.email}> \\(id ${user.id}\\) to administrator; name unchanged\\n$`,
    ),
    'found regardless of case, and says it promoted',
  )
  const admin = await rolesAfterLogin(app, user.email, user.password)
  t.same(admin.roles, ['user', 'admin'])
  t.equal((await listUsers(app, admin.headers)).statusCode, 200)
  const listed = (await listUsers(app, admin.headers)).json().data as { id: number; name: string }[]
  t.equal(listed.find(({ id }) => id === user.id)?.name, 'Grace Hopper', 'name kept')

  const again = await run(['--email', user.email, '--password', user.password])
  t.equal(again.code, 0, again.stderr)
  t.equal(again.stdout, `Grace Hopper <${user.email}> (id ${user.id}) is already an administrator; nothing changed\n`)
})

t.test('without the account’s password it promotes nobody and names the deliberate way', async (t) => {
  // Anyone can register the operator's email first: a wrong password must not make them an administrator.
  const squatter = await registerUser(app, { name: 'Early Bird' })
  const exit = await run(['--email', squatter.email, '--name', 'Operator', '--password', 'the operator’s own'])
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, ONE_LINE)
  t.equal(
    exit.stderr,
    `Early Bird <${squatter.email}> (id ${squatter.id}) already has this email, and the password given is not theirs: ` +
      `nothing changed. To make that account an administrator deliberately, run: npm run roles -- grant --email ${squatter.email} --role admin\n`,
  )
  const after = await rolesAfterLogin(app, squatter.email, squatter.password)
  t.same(after.roles, ['user'], 'no role granted')
  t.equal((await listUsers(app, after.headers)).statusCode, 403)
  t.equal((await rolesAfterLogin(app, squatter.email, 'the operator’s own')).status, 401, 'no password set')

  const noPassword = await run(['--email', squatter.email, '--name', 'Operator'])
  t.equal(noPassword.code, 1)
  t.equal(noPassword.stdout, '')
  t.match(noPassword.stderr, /^Missing --password: there is no terminal to ask on[^\n]*\n$/, 'none guessed')
  t.same((await rolesAfterLogin(app, squatter.email, squatter.password)).roles, ['user'])
})

t.test('asks on a terminal for what the command line left out', async (t) => {
  const email = uniqueEmail('asked')
  const created = await run(['--email', email], { answers: ['Asked Admin', 'analytical', 'analytical'] })
  t.equal(created.code, 0, created.stderr)
  t.match(created.stdout, /^Created administrator Asked Admin </)
  t.match(asked(created.stderr), /^Name: Asked Admin\s+Password: \nPassword \(again\): \n$/, 'the password twice')
  t.notMatch(created.stderr, /analytical/, 'the password is not echoed')

  const user = await registerUser(app)
  const promoted = await run(['--email', user.email], { answers: [user.password] })
  t.equal(promoted.code, 0, promoted.stderr)
  t.match(promoted.stdout, /^Promoted existing user /)
  t.equal(asked(promoted.stderr), 'Password: \n', 'an existing password is asked once')

  const mistyped = await run(['--email', uniqueEmail()], { answers: ['Typo Admin', 'analytical', 'analytica'] })
  t.equal(mistyped.code, 1)
  t.match(mistyped.stderr, /The two passwords differ\n$/)
})

t.test('missing flags fail without a terminal, naming them', async (t) => {
  const email = uniqueEmail('missing')
  const [none, onlyEmail] = await Promise.all([run([]), run(['--email', email])])
  t.equal(none.code, 1)
  t.equal(none.stdout, '')
  t.match(none.stderr, ONE_LINE)
  t.match(none.stderr, /^Missing --email: there is no terminal to ask on/)
  t.equal(onlyEmail.code, 1)
  t.equal(onlyEmail.stdout, '')
  t.match(onlyEmail.stderr, /^Missing --name and --password: there is no terminal to ask on[^\n]*\n$/)

  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Not Taken', email, password: 'analytical' },
  })
  t.equal(res.statusCode, 200, 'nobody was created: the email is still free')
})

t.test('input the API would refuse is refused in one line', async (t) => {
  const valid = { email: uniqueEmail('invalid'), name: 'Valid Name', password: 'analytical' }
  const cases: [string, Partial<typeof valid>, Record<string, string>, RegExp][] = [
    ['a malformed email', { email: 'not-an-email' }, {}, /^Invalid input: Email must be a valid email address\n$/],
    [
      'a name of one character after trimming',
      { name: ' A ' },
      {},
      /^Invalid input: Name is too short \(minimum 2\)\n$/,
    ],
    [
      'a password under 6 characters',
      { password: 'five5' },
      {},
      /^Invalid input: Password is too short \(minimum 6\)\n$/,
    ],
    ['a password over 72 bytes', { password: 'é'.repeat(37) }, {}, /Password is too long \(maximum 72\)/],
    ['a BCRYPT_COST out of range', {}, { BCRYPT_COST: '3' }, /^Invalid configuration: BCRYPT_COST must be[^\n]+"3"/],
  ]
  const exits = await Promise.all(
    cases.map(([, fields, env]) => {
      const { email, name, password } = { ...valid, ...fields }
      return run(['--email', email, '--name', name, '--password', password], { env })
    }),
  )
  cases.forEach(([label, , , message], index) => {
    const exit = exits[index]
    t.equal(exit?.code, 1, label)
    t.equal(exit?.stdout, '', `${label}: nothing on stdout`)
    t.match(exit?.stderr, ONE_LINE, `${label}: one line`)
    t.match(exit?.stderr, message, `${label}: says why`)
  })

  const unknown = await run(['--email', valid.email, '--admin-level', '9'])
  t.equal(unknown.code, 1)
  t.match(unknown.stderr, /^Unknown option '--admin-level'[^\n]*\n$/)
})

t.test('reads settings from .env in the working directory; the real environment wins', async (t) => {
  const cwd = tempDir('admin-env-')
  writeFileSync(join(cwd, '.env'), 'PASSWORD_MIN_LENGTH=12\n')
  const email = uniqueEmail('dotenv')
  const args = ['--email', email, '--name', 'Env Admin', '--password', 'analytical']

  const refused = await run(args, { cwd })
  t.equal(refused.code, 1)
  t.match(refused.stderr, /Password is too short \(minimum 12\)/, 'PASSWORD_MIN_LENGTH from .env')

  const created = await run(args, { cwd, env: { PASSWORD_MIN_LENGTH: '6' } })
  t.equal(created.code, 0, created.stderr)
  t.match(created.stdout, /^Created administrator Env Admin/)
})

t.test('stored names and emails are printed with control characters escaped', async (t) => {
  // A name that would clear the line and print a fake result, were it written raw to a terminal. The API
  // refuses such a name now; one stored before it did (or written by other means) is still printed safely.
  const user = await registerUser(app)
  await app.repos.users.update(user.id, { name: 'Eve\u001b[2K\rCreated administrator Ada\u202e' }, new Date())
  const exit = await run(['--email', user.email, '--password', user.password])
  t.equal(exit.code, 0, exit.stderr)
  t.equal(
    exit.stdout,
    `Promoted existing user Eve\\u001b[2K\\u000dCreated administrator Ada\\u202e <${user.email}> (id ${user.id}) to administrator\n`,
  )
  t.notMatch(exit.stdout.slice(0, -1), /[\p{Cc}\u202e]/u, 'nothing raw before the line end')

  const wrong = await run(['--email', user.email, '--password', 'not theirs'])
  t.equal(wrong.code, 1)
  t.match(wrong.stderr, /^Eve\\u001b\[2K\\u000dCreated administrator Ada\\u202e </, 'in errors too')
})

t.test('an unreachable database is reported in one line', async (t) => {
  const exit = await run(['--email', uniqueEmail(), '--name', 'Nobody', '--password', 'analytical'], {
    env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
    shareDatabase: false,
  })
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, /^Could not reach the database: [^\n]+\n$/)
})

t.test('npm run create-admin: its own process, the database named by .env, exits on its own', async (t) => {
  const target = await processDatabase()
  const cwd = tempDir('admin-process-')
  writeFileSync(
    join(cwd, '.env'),
    Object.entries(target.env)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  )
  const email = uniqueEmail('process')
  const exit = await spawnTool(
    'create-admin',
    ['--email', email, '--name', 'Process Admin', '--password', 'analytical'],
    {},
    cwd,
  )
  t.equal(exit.code, 0, exit.stderr)
  t.equal(exit.stderr, '')
  t.match(exit.stdout, new RegExp(`^Created administrator Process Admin <${email}> \\(id \\d+\\)\\n$`))

  await t.test('in that database', async (t) => {
    const other = await target.app(t)
    t.same((await rolesAfterLogin(other, email, 'analytical')).roles, ['user', 'admin'])
  })
})
