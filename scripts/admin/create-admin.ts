import { Type } from '@sinclair/typebox'
import { loadPasswordConfig } from '../../src/config.js'
import { EmailTakenError } from '../../src/db/errors.js'
import type { UserWithPassword } from '../../src/db/repositories/users.js'
import { RegisterBodySchema } from '../../src/schemas/auth.js'
import { Email } from '../../src/schemas/users.js'
import { CliError, checkInput, describeUser, printable, runTool, type ToolMain } from '../cli.js'
import { toolAccounts } from '../tool-accounts.js'

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
    const { minLength } = loadPasswordConfig(tool.env)
    const registration = RegisterBodySchema(minLength)

    // Whatever was given is checked before the database is touched, so a typo costs nothing.
    const { email } = checkInput(
      Type.Object({ email: Email }),
      await tool.askForMissing({ email: values.email }, { email: { label: 'Email' } }),
    )
    checkInput(Type.Partial(registration), { name: values.name, password: values.password })

    const { accounts, actor, recorded } = await toolAccounts(tool, 'create-admin')
    const nameNote = values.name === undefined ? '' : '; name unchanged'
    /**
     * docs/contract.md: an existing account is promoted only with its own password (the account service
     * checks it). Anyone can register an email before the operator runs the tool.
     */
    const promoteIfTheirs = async (user: UserWithPassword, password: string | undefined) => {
      const given = await tool.askForMissing({ password }, { password: { label: 'Password', secret: true } })
      checkInput(Type.Partial(registration), given)
      const promotion = await accounts.promoteWithPassword(user, given.password, actor)
      await recorded()
      if (promotion === 'not_theirs')
        throw new CliError(
          `${describeUser(user)} already has this email, and the password given is not theirs: nothing changed. ` +
            `To make that account an administrator deliberately, run: npm run roles -- grant --email ${printable(user.email)} --role admin`,
        )
      if (promotion === 'already_admin') return `${describeUser(user)} is already an administrator; nothing changed`
      return `Promoted existing user ${describeUser(user)} to administrator${nameNote}`
    }

    const existing = await accounts.findByEmail(email)
    if (existing) return promoteIfTheirs(existing, values.password)

    const { name, password } = await tool.askForMissing(
      { name: values.name, password: values.password },
      { name: { label: 'Name' }, password: { label: 'Password', secret: true, confirm: true } },
    )
    const fields = checkInput(registration, { email, name, password })
    try {
      const admin = await accounts.createAdministrator(fields, actor)
      await recorded()
      return `Created administrator ${describeUser(admin)}`
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error
      // Someone registered the email between the lookup and the insert: the same rule holds for them.
      const registered = await accounts.findByEmail(email)
      if (!registered) throw error
      return promoteIfTheirs(registered, fields.password)
    }
  })
