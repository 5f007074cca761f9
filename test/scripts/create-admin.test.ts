import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { registerUser, uniqueEmail } from '../helper.js'
import { listUsers, login, ONE_LINE, runTool, tempDir, toolDatabase } from './run-tool.js'

const target = await toolDatabase()
const createAdmin = (args: string[], env: Record<string, string> = {}) =>
  runTool('create-admin', args, { env: { ...target.env, ...env } })

t.test('creates an administrator who can list users', async (t) => {
  const email = uniqueEmail('admin')
  const exit = await createAdmin(['--email', email, '--name', '  Ada Lovelace  ', '--password', 'analytical'])
  t.equal(exit.code, 0, exit.stderr)
  t.equal(exit.stderr, '')
  t.match(exit.stdout, new RegExp(`^Created administrator Ada Lovelace <${email}> \\(id \\d+\\)\\n$`), 'one line')

  await t.test('through the API', async (t) => {
    const app = await target.app(t)
    const admin = await login(app, email, 'analytical')
    t.equal(admin.status, 200)
    t.same(admin.roles, ['user', 'admin'], 'user first, then admin')
    t.match(exit.stdout, `(id ${admin.id})`, 'the printed id is the user')
    const list = await listUsers(app, admin.headers)
    t.equal(list.statusCode, 200)
    t.match(list.json().data, [{ id: admin.id, name: 'Ada Lovelace', email, roles: ['user', 'admin'] }], 'name trimmed')
  })
})

t.test('promotes the live user with that email instead, keeping name and password', async (t) => {
  let user = { email: '', password: '' }
  await t.test('a registered user is no administrator', async (t) => {
    const app = await target.app(t)
    user = await registerUser(app, { name: 'Grace Hopper' })
    t.equal((await listUsers(app, (await login(app, user.email, user.password)).headers)).statusCode, 403)
  })

  const exit = await createAdmin([
    '--email',
    user.email.toUpperCase(),
    '--name',
    'Someone Else',
    '--password',
    'not the password',
  ])
  t.equal(exit.code, 0, exit.stderr)
  t.match(
    exit.stdout,
    new RegExp(
      `^Promoted existing user Grace Hopper <${user.email}> \\(id \\d+\\) to administrator; name and password unchanged\\n$`,
    ),
    'found regardless of case, and says it promoted',
  )

  await t.test('through the API', async (t) => {
    const app = await target.app(t)
    const admin = await login(app, user.email, user.password)
    t.equal(admin.status, 200, 'the old password still works')
    t.same(admin.roles, ['user', 'admin'])
    t.equal((await listUsers(app, admin.headers)).statusCode, 200)
    t.equal((await login(app, user.email, 'not the password')).status, 401, 'the given password was not set')
  })

  const again = await createAdmin(['--email', user.email])
  t.equal(again.code, 0, again.stderr)
  t.match(again.stdout, /^Grace Hopper <[^>]+> \(id \d+\) is already an administrator; nothing changed\n$/)
})

t.test('missing flags fail without a terminal, naming them', async (t) => {
  const email = uniqueEmail('missing')
  const [none, onlyEmail] = await Promise.all([createAdmin([]), createAdmin(['--email', email])])
  t.equal(none.code, 1)
  t.equal(none.stdout, '')
  t.match(none.stderr, ONE_LINE)
  t.match(none.stderr, /^Missing --email: there is no terminal to ask on/)
  t.equal(onlyEmail.code, 1)
  t.equal(onlyEmail.stdout, '')
  t.match(onlyEmail.stderr, /^Missing --name and --password: there is no terminal to ask on[^\n]*\n$/)

  await t.test('and create nobody', async (t) => {
    const app = await target.app(t)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Not Taken', email, password: 'analytical' },
    })
    t.equal(res.statusCode, 200, 'the email is still free')
  })
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
      return createAdmin(['--email', email, '--name', name, '--password', password], env)
    }),
  )
  cases.forEach(([label, , , message], index) => {
    const exit = exits[index]
    t.equal(exit?.code, 1, label)
    t.equal(exit?.stdout, '', `${label}: nothing on stdout`)
    t.match(exit?.stderr, ONE_LINE, `${label}: one line`)
    t.match(exit?.stderr, message, `${label}: says why`)
  })

  const unknown = await createAdmin(['--email', valid.email, '--admin-level', '9'])
  t.equal(unknown.code, 1)
  t.match(unknown.stderr, /^Unknown option '--admin-level'[^\n]*\n$/)
})

t.test('reads settings from .env in the working directory; the real environment wins', async (t) => {
  const cwd = tempDir('admin-env-')
  const settings = { ...target.env, PASSWORD_MIN_LENGTH: '12' }
  writeFileSync(
    join(cwd, '.env'),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  )
  const email = uniqueEmail('dotenv')
  const args = ['--email', email, '--name', 'Env Admin', '--password', 'analytical']

  const refused = await runTool('create-admin', args, { env: {}, cwd })
  t.equal(refused.code, 1)
  t.match(refused.stderr, /Password is too short \(minimum 12\)/, 'PASSWORD_MIN_LENGTH from .env')

  const created = await runTool('create-admin', args, { env: { PASSWORD_MIN_LENGTH: '6' }, cwd })
  t.equal(created.code, 0, created.stderr)
  t.match(created.stdout, /^Created administrator Env Admin/)

  await t.test('in the database .env names', async (t) => {
    const app = await target.app(t)
    t.same((await login(app, email, 'analytical')).roles, ['user', 'admin'])
  })
})

t.test('an unreachable database is reported in one line', async (t) => {
  const exit = await runTool(
    'create-admin',
    ['--email', uniqueEmail(), '--name', 'Nobody', '--password', 'analytical'],
    {
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
    },
  )
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, /^Could not reach the database: [^\n]+\n$/)
})
