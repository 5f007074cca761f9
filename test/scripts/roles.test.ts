import t from 'tap'
import { decodeJwt, refresh, registerUser, type TestUser, uniqueEmail } from '../helper.js'
import { listUsers, login, ONE_LINE, runTool, toolDatabase } from './run-tool.js'

const target = await toolDatabase()
const roles = (...args: string[]) => runTool('roles', args, { env: target.env })

let user: TestUser
await t.test('a registered user holds only the role user', async (t) => {
  const app = await target.app(t)
  user = await registerUser(app, { name: 'Role Holder' })
  t.same(user.roles, ['user'])
})
const named = () => `Role Holder <${user.email}> \\(id ${user.id}\\)`

t.test('grant adds a custom role, carried by the next login and refresh', async (t) => {
  const exit = await roles('grant', '--email', user.email.toUpperCase(), '--role', 'editor')
  t.equal(exit.code, 0, exit.stderr)
  t.equal(exit.stderr, '')
  t.match(exit.stdout, new RegExp(`^Granted editor to ${named()}; roles now: user, editor\\n$`))

  await t.test('through the API', async (t) => {
    const app = await target.app(t)
    t.same((await login(app, user.email, user.password)).roles, ['user', 'editor'])
    const refreshed = await refresh(app, user.refreshToken)
    t.equal(refreshed.statusCode, 200)
    t.same(decodeJwt(refreshed.json().data.access_token).claims.roles, ['user', 'editor'], 'a refresh picks it up')
  })

  const again = await roles('grant', '--email', user.email, '--role', 'editor')
  t.equal(again.code, 0, again.stderr)
  t.match(
    again.stdout,
    new RegExp(`^${named()} already holds editor; roles: user, editor\\n$`),
    'granting twice is fine',
  )
})

t.test('grant and revoke admin open and close the administrators’ routes', async (t) => {
  const granted = await roles('grant', '--email', user.email, '--role', 'admin')
  t.equal(granted.code, 0, granted.stderr)
  t.match(granted.stdout, new RegExp(`^Granted admin to ${named()}; roles now: user, editor, admin\\n$`))

  await t.test('an administrator now', async (t) => {
    const app = await target.app(t)
    const admin = await login(app, user.email, user.password)
    t.same(admin.roles, ['user', 'editor', 'admin'], 'in the order they were assigned')
    t.equal((await listUsers(app, admin.headers)).statusCode, 200)
  })

  const revoked = await roles('revoke', '--email', user.email, '--role', 'admin')
  t.equal(revoked.code, 0, revoked.stderr)
  t.match(revoked.stdout, new RegExp(`^Revoked admin from ${named()}; roles now: user, editor\\n$`))

  await t.test('no administrator any more', async (t) => {
    const app = await target.app(t)
    const former = await login(app, user.email, user.password)
    t.same(former.roles, ['user', 'editor'])
    t.equal((await listUsers(app, former.headers)).statusCode, 403)
  })

  // Idempotent by choice: the user ends up without the role either way.
  const again = await roles('revoke', '--email', user.email, '--role', 'admin')
  t.equal(again.code, 0, again.stderr)
  t.match(again.stdout, new RegExp(`^${named()} does not hold admin; nothing to revoke; roles: user, editor\\n$`))
})

t.test('the role user cannot be revoked', async (t) => {
  const exit = await roles('revoke', '--email', user.email, '--role', 'user')
  t.equal(exit.code, 1)
  t.equal(exit.stdout, '')
  t.match(exit.stderr, /^The role user cannot be revoked[^\n]*\n$/)

  await t.test('and is still held', async (t) => {
    const app = await target.app(t)
    t.same((await login(app, user.email, user.password)).roles, ['user', 'editor'])
  })
})

t.test('an email without a live user is an error', async (t) => {
  let deleted = ''
  await t.test('a user deletes their account', async (t) => {
    const app = await target.app(t)
    const gone = await registerUser(app)
    deleted = gone.email
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${gone.id}`, headers: gone.headers })
    t.equal(res.statusCode, 204)
  })

  for (const email of [uniqueEmail('nobody'), deleted]) {
    const exit = await roles('grant', '--email', email, '--role', 'editor')
    t.equal(exit.code, 1)
    t.equal(exit.stdout, '')
    t.equal(exit.stderr, `No live user has the email ${email}\n`)
  }
})

t.test('a bad command line fails in one line, before the database', async (t) => {
  const email = uniqueEmail()
  const cases: [string, string[], RegExp][] = [
    ['no action', ['--email', email, '--role', 'x'], /^Expected grant or revoke/],
    ['an unknown action', ['add', '--email', email, '--role', 'x'], /^Expected grant or revoke[^\n]*"add"/],
    ['a missing --role', ['grant', '--email', email], /^Missing --role: there is no terminal to ask on/],
    ['a blank role', ['grant', '--email', email, '--role', '  '], /^Invalid input: Role is too short \(minimum 1\)/],
    ['a role over 50 characters', ['grant', '--email', email, '--role', 'r'.repeat(51)], /Role is too long/],
    ['an unknown flag', ['grant', '--email', email, '--role', 'x', '--force'], /^Unknown option '--force'/],
  ]
  const exits = await Promise.all(cases.map(([, args]) => roles(...args)))
  cases.forEach(([label, , message], index) => {
    const exit = exits[index]
    t.equal(exit?.code, 1, label)
    t.equal(exit?.stdout, '', `${label}: nothing on stdout`)
    t.match(exit?.stderr, ONE_LINE, `${label}: one line`)
    t.match(exit?.stderr, message, `${label}: says why`)
  })
})
