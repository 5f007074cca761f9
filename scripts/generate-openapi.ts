import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { renderOpenApiDocument } from '../src/openapi.js'
import { OPENAPI_FILE, ROOT } from '../src/paths.js'

/** `npm run openapi`: writes the committed OpenAPI document from the app's route schemas. */
const text = await renderOpenApiDocument()
mkdirSync(dirname(OPENAPI_FILE), { recursive: true })
writeFileSync(OPENAPI_FILE, text)
process.stdout.write(`wrote ${relative(ROOT, OPENAPI_FILE)}\n`)
