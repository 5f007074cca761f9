import { roles } from './admin/roles.js'
import { runFromProcess } from './cli.js'

await runFromProcess(roles)
