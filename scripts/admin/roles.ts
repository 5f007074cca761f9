import { Type } from '@sinclair/typebox'
import type { UserRecord } from '../../src/db/repositories/users.js'
import { Email, MAX_ROLES, ROLE_MAX } from '../../src/schemas/users.js'
import { CliError, checkInput, describeRoles, describeUser, printable, runTool, type ToolMain } from '../cli.js'
import { toolAccounts } from '../tool-accounts.js'

const USAGE = `Usage: npm run roles -- grant|revoke --email EMAIL --role NAME

Grants a role to the live user with that email, or revokes it. Any role name is accepted; a new one is
created on first use. A user holds at most ${MAX_ROLES} roles. Every user keeps the role user. Tokens carry the roles of the moment they were
issued: a change reaches the user with the next login or refresh.
With the embedded database, stop the service first: its data directory is open in one process at a time.`

const ACTIONS = ['grant', 'revoke'] as const

const RoleInput = Type.Object({
  email: Email,
  role: Type.String({ minLength: 1, maxLength: ROLE_MAX, transform: ['trim'] }),
})

/** `npm run roles`: grants or revokes a role. */
export const roles: ToolMain = (argv, env, io, resources = {}) =>
  runTool(argv, env, io, resources, async (tool) => {
    const { values, positionals } = tool.parse({
      allowPositionals: true,
      options: { email: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
    if (values.help) return USAGE
    const [action, ...extra] = positionals
    if (!ACTIONS.some((known) => known === action) || extra.length > 0)
      throw new CliError(
        `Expected grant or revoke, then --email and --role (got "${printable(positionals.join(' '))}"; see --help)`,
      )

    const { email, role } = checkInput(
      RoleInput,
      await tool.askForMissing(
        { email: values.email, role: values.role },
        { email: { label: 'Email' }, role: { label: 'Role' } },
      ),
    )
    if (action === 'revoke' && role === 'user')
      throw new CliError('The role user cannot be revoked: every account holds it')

    const { accounts, actor, recorded } = await toolAccounts(tool, 'roles')
    const user = await accounts.findByEmail(email)
    if (!user) throw new CliError(`No live user has the email ${printable(email)}`)
    const rolesNow = async () => describeRoles(((await accounts.findById(user.id)) as UserRecord).roles)
    const shown = printable(role)

    if (action === 'grant') {
      if (user.roles.includes(role))
        return `${describeUser(user)} already holds ${shown}; roles: ${describeRoles(user.roles)}`
      if (user.roles.length >= MAX_ROLES)
        throw new CliError(
          `${describeUser(user)} holds ${MAX_ROLES} roles, the most a user can hold (tokens carry them all): revoke one first`,
        )
      await accounts.grantRole(user.id, role, actor)
      await recorded()
      return `Granted ${shown} to ${describeUser(user)}; roles now: ${await rolesNow()}`
    }
    // Revoking a role the user does not hold succeeds: the user ends up without it either way, so
    // scripts can state the outcome they want and run again safely.
    if (!(await accounts.revokeRole(user.id, role, actor)))
      return `${describeUser(user)} does not hold ${shown}; nothing to revoke; roles: ${describeRoles(user.roles)}`
    await recorded()
    return `Revoked ${shown} from ${describeUser(user)}; roles now: ${await rolesNow()}`
  })
