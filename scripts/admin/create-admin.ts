import { Type } from '@sinclair/typebox'
import { loadPasswordConfig } from '../../src/config.js'
import { EmailTakenError } from '../../src/db/errors.js'
import { createUsersRepository, type UserRecord, type UserWithPassword } from '../../src/db/repositories/users.js'
import { RegisterBodySchema } from '../../src/schemas/auth.js'
import { Email } from '../../src/schemas/users.js'
import { CliError, checkInput, describeUser, printable, runTool, type Tool, type ToolMain } from '../cli.js'
import { recordToolEvent } from '../tool-audit.js'

const USAGE = `Usage: npm run create-admin -- --email EMAIL [--name NAME] [--password PASSWORD]

Creates an administrator (roles user and admin). When a live user already has the email (in any
case), that user is promoted instead, but only when PASSWORD is that user's password; their name and
password stay as they are. To promote an account without its password, use
npm run roles -- grant --email EMAIL --role admin.
Flags left out are asked for on a terminal, the password without echo, which also keeps it out of the
shell history.
With the embedded database, stop the service first: its data directory is open in one process at a time.`

/** `npm run create-admin`: creates an administrator, or promotes the account the given credentials open. */
export const createAdmin: ToolMain = (argv, env, io, resources = {}) =>
  runTool(argv, env, io, resources, async (tool) => {
    const { values } = tool.parse({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) return USAGE
    const { bcryptCost: cost, minLength } = loadPasswordConfig(tool.env)
    const registration = RegisterBodySchema(minLength)

    // Whatever was given is checked before the database is touched, so a typo costs nothing.
    const { email } = checkInput(
      Type.Object({ email: Email }),
      await tool.askForMissing({ email: values.email }, { email: { label: 'Email' } }),
    )
    checkInput(Type.Partial(registration), { name: values.name, password: values.password })

    const database = await tool.database()
    const users = createUsersRepository(database.db)
    const nameNote = values.name === undefined ? '' : '; name unchanged'
    const promoteIfTheirs = async (user: UserWithPassword, password: string | undefined) => {
      const given = await tool.askForMissing({ password }, { password: { label: 'Password', secret: true } })
      checkInput(Type.Partial(registration), given)
      return promote(tool, cost, user, given.password, nameNote)
    }

    const existing = await users.findByEmailWithPassword(email)
    if (existing) return promoteIfTheirs(existing, values.password)

    const { name, password } = await tool.askForMissing(
      { name: values.name, password: values.password },
      { name: { label: 'Name' }, password: { label: 'Password', secret: true, confirm: true } },
    )
    const fields = checkInput(registration, { email, name, password })
    const passwordHash = await tool.passwordHasher(cost).hash(fields.password)
    try {
      // One transaction: an administrator is never left behind as a plain user.
      const admin = await database.db.transaction(async (tx) => {
        const user = await users.create({ name: fields.name, email: fields.email, passwordHash }, tx)
        await users.grantRole(user.id, 'admin', tx)
        return (await users.findById(user.id, tx)) as UserRecord
      })
      await recordToolEvent(tool, 'create-admin', {
        type: 'role.granted',
        userId: admin.id,
        details: { role: 'admin', created: true },
      })
      return `Created administrator ${describeUser(admin)}`
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error
      // Someone registered the email between the lookup and the insert: the same rule holds for them.
      const registered = await users.findByEmailWithPassword(email)
      if (!registered) throw error
      return promoteIfTheirs(registered, fields.password)
    }
  })

/**
 * decisions.md: an existing account is promoted only with its own password. Anyone can register an
 * email before the operator runs the tool; without this check, that stranger would become the
 * administrator. Nothing changes unless the password matches.
 */
async function promote(tool: Tool, cost: number, user: UserWithPassword, password: string, note: string) {
  const users = createUsersRepository((await tool.database()).db)
  if (!(await tool.passwordHasher(cost).verify(password, user.passwordHash)))
    throw new CliError(
      `${describeUser(user)} already has this email, and the password given is not theirs: nothing changed. ` +
        `To make that account an administrator deliberately, run: npm run roles -- grant --email ${printable(user.email)} --role admin`,
    )
  if (user.roles.includes('admin')) return `${describeUser(user)} is already an administrator; nothing changed`
  await users.grantRole(user.id, 'admin')
  await recordToolEvent(tool, 'create-admin', { type: 'role.granted', userId: user.id, details: { role: 'admin' } })
  return `Promoted existing user ${describeUser(user)} to administrator${note}`
}
