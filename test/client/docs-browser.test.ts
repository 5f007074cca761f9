import type { Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { build, uniqueEmail } from '../helper.js'
import { browserPage, noChromium } from './browser.js'
import { openApiPath, SPEC_ROUTES } from './spec-routes.js'

/**
 * The documentation page as a person sees it: Swagger UI rendered by a real Chromium from the running
 * server, its operations listed, and "Try it out" answering from the live API.
 */
interface DocsPage {
  page: Page
  origin: string
  /** Every request the page made, and every uncaught error or console error in it. */
  requests: string[]
  errors: string[]
}

/** Serves the app on a real socket and opens its documentation in a fresh browser profile. */
async function openDocs(t: Test): Promise<DocsPage> {
  // A patient write deadline: the first registration waits for the file's hashing threads, which a
  // loaded machine can hold past the production 10 s.
  const app = await build(t, { env: { SERVER_WRITETIMEOUT: '120s' } })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const page = await browserPage(t, 'docs-browser')
  const requests: string[] = []
  const errors: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('pageerror', (error) => errors.push(error.message))
  // A script, style or image the page's Content-Security-Policy refused shows only as a console error.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${origin}/swagger/index.html`)
  await page.locator('.opblock').first().waitFor()
  return { page, origin, requests, errors }
}

/** Opens an operation, fills its JSON body through "Try it out", executes it and reads the live response. */
async function tryItOut(page: Page, method: string, path: string, body: unknown) {
  const operation = page
    .locator(`.opblock-${method.toLowerCase()}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
  await operation.locator('.opblock-summary-control').click()
  await operation.getByRole('button', { name: 'Try it out' }).click()
  await operation.locator('textarea.body-param__text').fill(JSON.stringify(body))
  await operation.getByRole('button', { name: 'Execute' }).click()
  // The live table appears once the server has answered.
  const response = operation.locator('.live-responses-table tbody tr.response').first()
  const status = Number((await response.locator('.response-col_status').textContent())?.trim())
  const text = await response.locator('.response-col_description .highlight-code code').first().textContent()
  return { status, body: JSON.parse(text ?? 'null') as unknown }
}

t.test('the documentation page renders every spec route from this server alone', { skip: noChromium }, async (t) => {
  const { page, origin, requests, errors } = await openDocs(t)
  t.equal(await page.title(), 'Account and token service: API documentation')

  const listed = await Promise.all(
    (await page.locator('.opblock-summary').all()).map(async (summary) => {
      const method = await summary.locator('.opblock-summary-method').textContent()
      const path = await summary.locator('.opblock-summary-path').textContent()
      // Long paths may be broken with zero-width spaces.
      return `${method?.trim()} ${path?.replace(/\u200b/g, '').trim()}`
    }),
  )
  for (const [method, path] of SPEC_ROUTES)
    t.ok(listed.includes(`${method} ${openApiPath(path)}`), `${method} ${openApiPath(path)} is listed`)

  t.ok(requests.length > 1, 'the page loaded its assets')
  t.same(
    requests.filter((url) => !url.startsWith(`${origin}/`)),
    [],
    'every request goes to this server',
  )
  t.same(errors, [], 'no script errors')
})

t.test('"Try it out" registers a user and logs in from the page', { skip: noChromium }, async (t) => {
  const { page, errors } = await openDocs(t)
  const credentials = { name: 'Docs Reader', email: uniqueEmail('docs'), password: 'correct horse battery' }
  const tokens = {
    access_token: /^[\w-]+\.[\w-]+\.[\w-]+$/,
    refresh_token: /^[0-9a-f]{64}$/,
    token_type: 'Bearer',
    expires_in: 900,
  }

  const registered = await tryItOut(page, 'POST', '/api/v1/auth/register', credentials)
  t.equal(registered.status, 200, 'register shows 200')
  t.match(registered.body, {
    success: true,
    data: { ...tokens, user: { id: Number, name: credentials.name, email: credentials.email } },
  })

  const loggedIn = await tryItOut(page, 'POST', '/api/v1/auth/login', {
    email: credentials.email,
    password: credentials.password,
  })
  t.equal(loggedIn.status, 200, 'login shows 200')
  t.match(loggedIn.body, { success: true, data: { ...tokens, user: { email: credentials.email } } })
  t.same(errors, [], 'no script errors')
})
