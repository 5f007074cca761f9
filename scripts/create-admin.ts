import { createAdmin } from './admin/create-admin.js'
import { runFromProcess } from './cli.js'

await runFromProcess(createAdmin)
