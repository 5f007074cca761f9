import t from 'tap'
import { build, captureLogs, login, registerUser } from '../helper.js'
import { freePort, testSmtp } from '../smtp.js'
import { browserPage, noChromium } from './browser.js'

/**
 * The pages an emailed link opens: their headers and refusals through inject(), and the reset page as a
 * person uses it, in a real Chromium, from a link received over SMTP.
 */
const TOKEN = 'a'.repeat(64)

t.test('the pages are self-contained, strictly confined, and refuse a link without a token', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { LOG_LEVEL: 'info' }, logStream: logs.stream })
  for (const path of ['/account/reset-password', '/account/verify-email']) {
    const res = await app.inject({ method: 'GET', url: `${path}?token=${TOKEN}` })
    t.equal(res.statusCode, 200, path)
    t.match(res.headers['content-type'], /^text\/html/)
    t.equal(res.headers['cache-control'], 'no-store')
    t.equal(res.headers['referrer-policy'], 'no-referrer', 'the token in the address is never sent on')
    const csp = String(res.headers['content-security-policy'])
    t.match(csp, /default-src 'none'/)
    t.match(csp, /script-src 'sha256-[^']+' 'sha256-[^']+'/, 'scripts only by hash')
    t.notMatch(csp, /unsafe-inline/)
    t.notMatch(res.body, /(src|href)=["']?https?:/, 'no outside assets')
    t.notOk(res.body.includes(TOKEN), 'the token is not written into the page')

    for (const url of [path, `${path}?token=`, `${path}?token=xyz`, `${path}?token=${TOKEN}&token=${TOKEN}`]) {
      const broken = await app.inject({ method: 'GET', url })
      t.equal(broken.statusCode, 400, `${url} is refused`)
      t.match(broken.body, /This link is incomplete/)
    }
  }
  t.notOk(logs.raw.join('').includes(TOKEN), 'the token is not logged with the URL')
})

t.test('a reset link received by mail sets a new password in a real browser', { skip: noChromium }, async (t) => {
  const smtp = await testSmtp(t)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const app = await build(t, {
    env: { SMTP_URL: smtp.url, PUBLIC_URL: origin },
    mailTiming: { pollIntervalMs: 100, retryBaseMs: 100 },
  })
  await app.listen({ port, host: '127.0.0.1' })
  const user = await registerUser(app)
  await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email } })
  const mail = await smtp.waitFor(user.email, 1, 'Reset your password')
  const link = mail.text.match(/http:\/\/\S+reset-password\?token=[0-9a-f]{64}/)?.[0]
  t.ok(link?.startsWith(`${origin}/account/reset-password?token=`), 'the mail links to the service’s page')

  const page = await browserPage(t, 'account-pages')
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })

  await page.goto(link as string)
  t.equal(new URL(page.url()).search, '', 'the token leaves the address bar')
  await page.getByLabel('New password').fill('chosen in a browser')
  await page.getByLabel('Repeat it').fill('chosen in a browsr')
  await page.getByRole('button', { name: 'Set the password' }).click()
  await page.getByText('The passwords don’t match.').waitFor()
  await page.getByLabel('Repeat it').fill('chosen in a browser')
  await page.getByRole('button', { name: 'Set the password' }).click()
  await page.getByText('Your password has been changed').waitFor()
  t.equal((await login(app, user.email, 'chosen in a browser')).statusCode, 200, 'the new password logs in')
  t.equal((await login(app, user.email, user.password)).statusCode, 401, 'the old one does not')

  await page.goto(link as string)
  await page.getByLabel('New password').fill('once more please')
  await page.getByLabel('Repeat it').fill('once more please')
  await page.getByRole('button', { name: 'Set the password' }).click()
  await page.getByText('This link has expired or was already used').waitFor()
  // Chromium logs the refused link's 400 answer as a console error: that one is expected.
  t.same(
    errors.filter((error) => !error.includes('status of 400')),
    [],
    'no script error and nothing refused by the page’s policy',
  )
})
