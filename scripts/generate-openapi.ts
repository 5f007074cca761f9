import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { createClient } from '@hey-api/openapi-ts'
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

/** A fetch client from a second, independent generator (@hey-api/openapi-ts): its SDK functions and types. */
export const HEY_API_CLIENT_DIR = join(dirname(OPENAPI_FILE), 'hey-api')

/** Writes the @hey-api/openapi-ts client of the document file into `dir`, replacing what was there. */
export async function writeHeyApiClient(documentFile: string, dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true })
  await createClient({
    input: documentFile,
    output: dir,
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent', file: false },
  })
}

/** `npm run openapi`: writes the committed document from the app's route schemas, then its clients' types. */
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
  await writeHeyApiClient(OPENAPI_FILE, HEY_API_CLIENT_DIR)
  process.stdout.write(`wrote ${relative(ROOT, HEY_API_CLIENT_DIR)}/\n`)
}

// The staleness test imports the renderer; only running the script writes files.
if (import.meta.filename === process.argv[1]) await main()
