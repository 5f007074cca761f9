import { mfa } from './admin/mfa.js'
import { runFromProcess } from './cli.js'

await runFromProcess(mfa)
