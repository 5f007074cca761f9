import { userInfo } from 'node:os'
import t from 'tap'
import { createAdmin } from '../../scripts/admin/create-admin.js'
import { roles } from '../../scripts/admin/roles.js'
import { build, makeAdmin, registerUser, uniqueEmail } from '../helper.js'
import { runTool } from './run-tool.js'

/** The administration tools' role changes land in the audit trail: no actor, the tool and the OS account named. */
const app = await build(t)
const user = await registerUser(app, { name: 'Tool Subject' })
const adminEmail = uniqueEmail('tool-admin')

t.test('grant, revoke and create-admin each record who ran which tool, and no password', async (t) => {
  for (const [tool, args] of [
    [roles, ['grant', '--email', user.email, '--role', 'editor']],
    [roles, ['revoke', '--email', user.email, '--role', 'editor']],
    [roles, ['revoke', '--email', user.email, '--role', 'editor']],
    [createAdmin, ['--email', adminEmail, '--name', 'Tool Admin', '--password', 'tool admin password']],
    [createAdmin, ['--email', user.email, '--password', user.password]],
  ] as const) {
    const exit = await runTool(tool, [...args])
    t.equal(exit.code, 0, exit.stderr)
    t.equal(exit.stderr, '', `${args.join(' ')}: no warning`)
  }

  const admin = await makeAdmin(app, await registerUser(app))
  const read = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/audit-events${query}`, headers: admin.headers })
    t.equal(res.statusCode, 200)
    return res.json().data as Record<string, unknown>[]
  }
  const osUser = userInfo().username
  const byTool = { actor_id: null, client_ip: null, user_agent: null, request_id: null }
  const ofUser = (await read(`?user_id=${user.id}`)).filter((event) => String(event.type).startsWith('role.'))
  t.match(
    ofUser.reverse(),
    [
      { type: 'role.granted', ...byTool, details: { role: 'editor', tool: 'roles', os_user: osUser } },
      { type: 'role.revoked', ...byTool, details: { role: 'editor', tool: 'roles', os_user: osUser } },
      { type: 'role.granted', ...byTool, details: { role: 'admin', tool: 'create-admin' } },
    ],
    'a revocation that changed nothing is no event',
  )
  t.equal(ofUser.length, 3)
  const created = await read('?type=role.granted')
  const newAdmin = created.find((event) => (event.details as { created?: boolean }).created === true)
  t.match(newAdmin, { details: { role: 'admin', tool: 'create-admin', os_user: osUser, created: true } })
  t.notOk(JSON.stringify(created).includes('tool admin password'))
})
