import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { renderOpenApiDocument } from '../src/openapi.js'
import { OPENAPI_FILE, ROOT } from '../src/paths.js'

/** The TypeScript types of the committed document, for typed clients such as openapi-fetch. */
export const OPENAPI_TYPES_FILE = join(dirname(OPENAPI_FILE), 'schema.d.ts')

const TYPES_HEADER = `/**
 * The HTTP API's types, generated from openapi/openapi.json by \`npm run openapi\`: do not edit.
 * Use them with openapi-fetch: \`createClient<paths>({ baseUrl })\`.
 */

`

/**
 * The types file for a document's text. Built from the text rather than the app, so the committed
 * types always describe the committed document.
 */
export async function renderOpenApiTypes(documentText: string): Promise<string> {
  return TYPES_HEADER + astToString(await openapiTS(documentText, { silent: true }))
}

/** `npm run openapi`: writes the committed document from the app's route schemas, then its types. */
async function main() {
  const document = await renderOpenApiDocument()
  const types = await renderOpenApiTypes(document)
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true })
  for (const [file, text] of [
    [OPENAPI_FILE, document],
    [OPENAPI_TYPES_FILE, types],
  ] as const) {
    writeFileSync(file, text)
    process.stdout.write(`wrote ${relative(ROOT, file)}\n`)
  }
}

// The staleness test imports the renderer; only running the script writes files.
if (import.meta.filename === process.argv[1]) await main()
