import { Type } from '@sinclair/typebox'
import { loadPasswordConfig } from '../src/config.js'
import type { Db } from '../src/db/client.js'
import { isUniqueViolation } from '../src/db/errors.js'
import { createUsersRepository, type UserRecord } from '../src/db/repositories/users.js'
import { RegisterBodySchema } from '../src/schemas/auth.js'
import { Email } from '../src/schemas/users.js'
import { askForMissing, checkInput, describeUser, parseCommandLine, runTool } from './cli.js'
import { recordToolEvent } from './tool-audit.js'

const USAGE = `Usage: npm run create-admin -- --email EMAIL [--name NAME] [--password PASSWORD]

Creates an administrator (roles user and admin). When a live user already has the email (in any
case), that user is promoted instead and keeps their name and password. Flags left out are asked for
on a terminal, the password without echo, which also keeps it out of the shell history.
With the embedded database, stop the service first: its data directory is open in one process at a time.`

await runTool(async (tool) => {
  const { values } = parseCommandLine({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return USAGE
  const { bcryptCost: cost, minLength } = loadPasswordConfig(process.env)
  const registration = RegisterBodySchema(minLength)

  // Whatever was given is checked before the database is touched, so a typo costs nothing.
  const { email } = checkInput(
    Type.Object({ email: Email }),
    await askForMissing({ email: values.email }, { email: { label: 'Email' } }),
  )
  checkInput(Type.Partial(registration), { name: values.name, password: values.password })

  const database = await tool.database()
  const users = createUsersRepository(database.db)
  const promoteNote = values.name !== undefined || values.password !== undefined ? '; name and password unchanged' : ''

  const existing = await users.findByEmail(email)
  if (existing) return promote(database.db, existing, promoteNote)

  const { name, password } = await askForMissing(
    { name: values.name, password: values.password },
    { name: { label: 'Name' }, password: { label: 'Password', secret: true } },
  )
  const fields = checkInput(registration, { email, name, password })
  const passwordHash = await tool.passwordHasher(cost).hash(fields.password)
  try {
    // One transaction: an administrator is never left behind as a plain user.
    const admin = await database.db.transaction(async (tx) => {
      const inTransaction = createUsersRepository(tx)
      const user = await inTransaction.create({ name: fields.name, email: fields.email, passwordHash })
      await inTransaction.grantRole(user.id, 'admin')
      return (await inTransaction.findById(user.id)) as UserRecord
    })
    await recordToolEvent(database.db, 'create-admin', {
      type: 'role.granted',
      userId: admin.id,
      details: { role: 'admin', created: true },
    })
    return `Created administrator ${describeUser(admin)}`
  } catch (error) {
    if (!isUniqueViolation(error, 'users_email_live_unique')) throw error
    // Someone registered the email between the lookup and the insert: that user is the one to promote.
    const registered = await users.findByEmail(email)
    if (!registered) throw error
    return promote(database.db, registered, '; name and password unchanged')
  }
})

async function promote(db: Db, user: UserRecord, note: string): Promise<string> {
  if (user.roles.includes('admin')) return `${describeUser(user)} is already an administrator; nothing changed`
  await createUsersRepository(db).grantRole(user.id, 'admin')
  await recordToolEvent(db, 'create-admin', { type: 'role.granted', userId: user.id, details: { role: 'admin' } })
  return `Promoted existing user ${describeUser(user)} to administrator${note}`
}
