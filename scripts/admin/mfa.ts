import { Type } from '@sinclair/typebox'
import { loadMfaConfig } from '../../src/config.js'
import { Email } from '../../src/schemas/users.js'
import { createSecretBox } from '../../src/services/secret-box.js'
import { CliError, checkInput, describeUser, printable, runTool, type ToolMain } from '../cli.js'
import { toolAccounts } from '../tool-accounts.js'

const USAGE = `Usage: npm run mfa -- reset --email EMAIL
       npm run mfa -- reseal

reset   Takes every second factor (TOTP, recovery codes, passkeys) off the live user with that email, so
        the password alone signs in again: for a user who lost them when no administrator can sign in
        (administrators use DELETE /api/v1/users/:id/mfa). Recorded in the audit trail.
reseal  Finishes a rotation of MFA_ENCRYPTION_KEY: every TOTP secret sealed under
        MFA_ENCRYPTION_KEY_PREVIOUS is sealed again under MFA_ENCRYPTION_KEY. Afterwards the previous
        key can be removed. Lists the users whose secret neither key opens.
With the embedded database, stop the service first: its data directory is open in one process at a time.`

const ResetInput = Type.Object({ email: Email })

/** `npm run mfa`: the second factor's administration when nobody can do it over HTTP. */
export const mfa: ToolMain = (argv, env, io, resources = {}) =>
  runTool(argv, env, io, resources, async (tool) => {
    const { values, positionals } = tool.parse({
      allowPositionals: true,
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
    if (values.help) return USAGE
    const [action, ...extra] = positionals
    if ((action !== 'reset' && action !== 'reseal') || extra.length > 0)
      throw new CliError(`Expected reset or reseal (got "${printable(positionals.join(' '))}"; see --help)`)

    if (action === 'reseal') {
      const settings = loadMfaConfig(tool.env)
      if (!settings.encryptionKey) throw new CliError('MFA_ENCRYPTION_KEY is not set: there is no key to reseal under')
      const { accounts } = await toolAccounts(tool, 'mfa')
      const box = createSecretBox(settings.encryptionKey, settings.previousEncryptionKey)
      const { resealed, current, unopened } = await accounts.resealTotpSecrets(box)
      if (unopened.length > 0)
        throw new CliError(
          `Resealed ${resealed} TOTP secrets, ${current} already under MFA_ENCRYPTION_KEY; neither key opens the secrets of user ids ${unopened.join(', ')}: keep the key that sealed them`,
        )
      return `Resealed ${resealed} TOTP secrets under MFA_ENCRYPTION_KEY; ${current} already were; MFA_ENCRYPTION_KEY_PREVIOUS is no longer needed`
    }

    const { email } = checkInput(
      ResetInput,
      await tool.askForMissing({ email: values.email }, { email: { label: 'Email' } }),
    )
    const { accounts, actor, recorded } = await toolAccounts(tool, 'mfa')
    const user = await accounts.findByEmail(email)
    if (!user) throw new CliError(`No live user has the email ${printable(email)}`)
    if (!(await accounts.removeSecondFactors(user.id, actor)))
      return `${describeUser(user)} has no second factor; nothing to remove`
    await recorded()
    return `Removed every second factor of ${describeUser(user)}; the password alone signs in now`
  })
