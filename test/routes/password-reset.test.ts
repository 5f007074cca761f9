import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import t from 'tap'
import { mailOutbox } from '../../src/db/schema.js'
import {
  type App,
  build,
  captureLogs,
  fileDatabase,
  login,
  manualClock,
  refresh,
  registerUser,
  scrapeMetrics,
  uniqueEmail,
} from '../helper.js'
import { linkToken, type TestSmtp, testSmtp } from '../smtp.js'

const MAIL_TIMING = { pollIntervalMs: 100, retryBaseMs: 100 }
const RESET = 'Reset your password'
const ACCEPTED = 'If an account has this email address, a link to reset its password has been sent to it'

const requestReset = (app: App, email: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } })
const confirmReset = (app: App, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: body as object })

const outboxRows = (app: App, recipient: string, template?: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(mailOutbox.id)

type OutboxRow = typeof mailOutbox.$inferSelect

/**
 * The address's outbox rows once `settled` holds for them, or as they are after 30 s. The worker records
 * a send a moment after the SMTP server has the mail, so a test that saw the mail arrive waits here
 * before it reads what was recorded.
 */
async function outboxUntil(app: App, recipient: string, settled: (rows: OutboxRow[]) => boolean, template?: string) {
  let rows = await outboxRows(app, recipient, template)
  for (let tries = 0; tries < 600 && !settled(rows); tries++) {
    await delay(50)
    rows = await outboxRows(app, recipient, template)
  }
  return rows
}

/** Registration mails a verification link first: waited for, so a test's refusals meet the reset mail. */
const verificationMail = (smtp: TestSmtp, email: string) => smtp.waitFor(email, 1, 'Confirm your email address')

/** Waits until the audit trail holds a reset request for the address: the request's work is then done. */
async function resetRecorded(app: App, details: { known: boolean; userId?: number; email?: string }) {
  for (let tries = 0; tries < 600; tries++) {
    await app.audit.flush()
    const { events } = await app.audit.list({ page: 1, perPage: 100, type: 'password.reset_requested' })
    if (
      events.some((event) =>
        details.known ? event.userId === details.userId : (event.details as { email?: string }).email === details.email,
      )
    )
      return
    await delay(50)
  }
  throw new Error('the reset request was not recorded')
}

t.test('a reset link arrives by SMTP, sets a new password once, and ends every session', async (t) => {
  const smtp = await testSmtp(t)
  const logs = captureLogs()
  const app = await build(t, {
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://accounts.example.com', LOG_LEVEL: 'info' },
    mailTiming: MAIL_TIMING,
    logStream: logs.stream,
  })
  const user = await registerUser(app)
  const other = (await login(app, user.email, user.password)).json().data

  const res = await requestReset(app, user.email.toUpperCase())
  t.equal(res.statusCode, 202)
  t.same(res.json().data, { message: ACCEPTED })
  const mail = await smtp.waitFor(user.email, 1, RESET)
  t.equal(mail.subject, 'Reset your password')
  t.match(mail.text, /expires in 30 minutes/)
  t.match(mail.text, /If it wasn’t you/)
  t.match(mail.html, /<a href="https:\/\/accounts\.example\.com\/account\/reset-password\?token=[0-9a-f]{64}">/)
  const token = linkToken(mail)
  t.match(mail.text, `https://accounts.example.com/account/reset-password?token=${token}`)

  const confirmed = await confirmReset(app, { token, password: 'a brand new passphrase' })
  t.equal(confirmed.statusCode, 200)
  t.equal(confirmed.headers['cache-control'], 'no-store', 'the token pair is not cached')
  const pair = confirmed.json().data
  t.match(pair, { access_token: String, refresh_token: /^[0-9a-f]{64}$/, user: { id: user.id, email: user.email } })
  t.equal(pair.user.email_verified, true, 'the link proved the address')

  t.equal((await login(app, user.email, user.password)).statusCode, 401, 'the old password is gone')
  t.equal((await login(app, user.email, 'a brand new passphrase')).statusCode, 200, 'the new one logs in')
  t.equal((await refresh(app, user.refreshToken)).statusCode, 401, 'the registration’s session ended')
  t.equal((await refresh(app, other.refresh_token)).statusCode, 401, 'another session ended')
  t.equal((await refresh(app, pair.refresh_token)).statusCode, 200, 'the reset’s own session lives')

  const again = await confirmReset(app, { token, password: 'yet another passphrase' })
  t.equal(again.statusCode, 400, 'a used link is refused')
  t.match(again.json(), { success: false, error: { code: 'INVALID_TOKEN', message: 'Invalid or expired token' } })
  t.equal((await login(app, user.email, 'a brand new passphrase')).statusCode, 200, 'and changed nothing')

  const notice = await smtp.waitFor(user.email, 1, 'Your password was changed')
  t.equal(notice.subject, 'Your password was changed', 'the account is told')
  t.notMatch(notice.text, /token=/, 'a notice carries no link')

  await app.audit.flush()
  const rows = await outboxUntil(app, user.email, (rows) => rows.length === 3 && rows.every((row) => row.sentAt))
  t.equal(rows.length, 3)
  for (const row of rows) {
    t.ok(row.sentAt, `${row.template} is marked sent`)
    t.equal(row.bodyText, null, 'its body, which held the link, is gone')
    t.equal(row.bodyHtml, null)
  }
  t.same(
    rows.map((row) => row.template),
    ['email-verification', 'password-reset', 'password-changed'],
  )
  const { events } = await app.audit.list({ page: 1, perPage: 100, userId: user.id })
  const types = events.map((event) => event.type)
  t.ok(types.includes('password.reset_requested') && types.includes('password.reset'), 'both are audited')

  const metrics = await scrapeMetrics(app)
  t.match(metrics, /mail_sent_total\{template="password-reset"\} 1\b/, 'the sent mails are counted by template')
  t.match(metrics, /mail_sent_total\{template="password-changed"\} 1\b/)
  t.match(metrics, /mail_outbox_depth \d+/, 'the outbox depth is exposed')
  t.match(metrics, /mail_outbox_oldest_pending_seconds [\d.]+/)
  t.match(metrics, /auth_token_revocations_total\{reason="password_reset",caught_rotation="false"\} 1\b/)

  // The link's page (whatever answers there) logs its URL without the token.
  await app.inject({ method: 'GET', url: `/account/reset-password?token=${token}` })
  const log = logs.raw.join('')
  t.notOk(log.includes(token), 'the token reaches no log line')
  t.notOk(log.includes('a brand new passphrase'), 'nor does the password')
  t.match(log, /reset-password\?token=\[redacted\]/, 'the page’s URL is logged redacted')
})

t.test('an unknown address gets the same answer and no mail', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const email = uniqueEmail('nobody')
  const res = await requestReset(app, email)
  t.equal(res.statusCode, 202)
  t.same(res.json().data, { message: ACCEPTED })
  await resetRecorded(app, { known: false, email })
  t.same(await outboxRows(app, email), [], 'nothing was queued')
  await delay(300)
  t.same(smtp.to(email), [], 'nothing was sent')
})

t.test('the newest link is the only valid one; an expired link is refused', async (t) => {
  const smtp = await testSmtp(t)
  const clock = manualClock()
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING, clock: clock.now })
  const user = await registerUser(app)
  await requestReset(app, user.email)
  const first = linkToken(await smtp.waitFor(user.email, 1, RESET))
  await requestReset(app, user.email)
  const second = linkToken(await smtp.waitFor(user.email, 2, RESET))
  t.not(first, second)

  const older = await confirmReset(app, { token: first, password: 'from the older link' })
  t.equal(older.statusCode, 400)
  t.equal(older.json().error.code, 'INVALID_TOKEN', 'a newer link ended the older one')

  clock.advance(31 * 60_000)
  const expired = await confirmReset(app, { token: second, password: 'from the expired link' })
  t.equal(expired.statusCode, 400)
  t.equal(expired.json().error.code, 'INVALID_TOKEN', 'past PASSWORD_RESET_TTL the link is dead')
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'the password is unchanged')
})

t.test('bad input changes nothing', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  await requestReset(app, user.email)
  const token = linkToken(await smtp.waitFor(user.email, 1, RESET))

  const weak = await confirmReset(app, { token, password: 'abc' })
  t.equal(weak.statusCode, 400)
  t.match(weak.json().error, { code: 'VALIDATION_ERROR', details: { Password: 'Password is too short (minimum 6)' } })
  const missing = await confirmReset(app, { password: 'long enough' })
  t.match(missing.json().error, { code: 'VALIDATION_ERROR', details: { Token: 'Token is required' } })
  const unknown = await confirmReset(app, { token: 'f'.repeat(64), password: 'long enough' })
  t.equal(unknown.json().error.code, 'INVALID_TOKEN')
  const odd = await confirmReset(app, { token: 'not even hex', password: 'long enough' })
  t.equal(odd.json().error.code, 'INVALID_TOKEN')
  const huge = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, password: 'x'.repeat(70 * 1024) }),
  })
  t.equal(huge.statusCode, 413)
  const badEmail = await requestReset(app, 'not an address')
  t.match(badEmail.json().error, {
    code: 'VALIDATION_ERROR',
    details: { Email: 'Email must be a valid email address' },
  })
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'the password is unchanged')

  const works = await confirmReset(app, { token, password: 'after all that' })
  t.equal(works.statusCode, 200, 'the link still works after the refused attempts')
})

t.test('a link of a deleted account is refused', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  await requestReset(app, user.email)
  const token = linkToken(await smtp.waitFor(user.email, 1, RESET))
  const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(deleted.statusCode, 204)
  const res = await confirmReset(app, { token, password: 'back from the dead' })
  t.equal(res.statusCode, 400)
  t.equal(res.json().error.code, 'INVALID_TOKEN')
})

t.test('with the SMTP server down the request is still accepted, and the mail arrives once it is back', async (t) => {
  const smtp = await testSmtp(t, { running: false })
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  t.equal((await requestReset(app, user.email)).statusCode, 202)
  // Wait until the worker has failed at least twice, so the mail is in its retries.
  const [pending] = await outboxUntil(app, user.email, ([row]) => (row?.attempts ?? 0) >= 2, 'password-reset')
  t.ok(pending && pending.attempts >= 2 && pending.sentAt === null, 'the mail waits in the outbox, retried')
  t.match(pending?.lastError, /ECONNECTION|ECONNREFUSED/, 'with why it was not sent')

  await smtp.start()
  const mail = await smtp.waitFor(user.email, 1, RESET)
  await delay(500)
  t.equal(smtp.to(user.email, RESET).length, 1, 'it arrived exactly once')
  t.equal((await confirmReset(app, { token: linkToken(mail), password: 'sent after all' })).statusCode, 200)
})

t.test('a temporary refusal (4xx) is retried; the mail arrives once', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  await verificationMail(smtp, user.email)
  smtp.refuseNext(user.email, 2, 451)
  await requestReset(app, user.email)
  await smtp.waitFor(user.email, 1, RESET)
  await delay(500)
  t.equal(smtp.to(user.email, RESET).length, 1)
  const [row] = await outboxRows(app, user.email, 'password-reset')
  t.equal(row?.attempts, 3, 'two refusals, then accepted')
})

t.test('a permanent refusal (5xx) is given up, logged and audited', async (t) => {
  const smtp = await testSmtp(t)
  const logs = captureLogs()
  const app = await build(t, {
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    mailTiming: MAIL_TIMING,
    logStream: logs.stream,
  })
  const user = await registerUser(app)
  await verificationMail(smtp, user.email)
  smtp.refuseNext(user.email, 1, 550)
  await requestReset(app, user.email)
  const row = await outboxUntil(app, user.email, ([row]) => Boolean(row?.failedAt), 'password-reset')
  t.ok(row[0]?.failedAt, 'given up')
  t.equal(row[0]?.bodyText, null, 'its body is gone')
  t.ok(
    logs.lines.some((line) => line.level === 50 && line.msg === 'mail given up'),
    'an error line says so',
  )
  await app.audit.flush()
  const { events } = await app.audit.list({ page: 1, perPage: 10, type: 'mail.failed' })
  t.ok(
    events.some((event) => event.userId === user.id),
    'the audit trail records it',
  )
  t.match(await scrapeMetrics(app), /mail_failed_total\{template="password-reset"\} 1\b/, 'and a metric')
})

t.test('two instances on one database send every mail exactly once', async (t) => {
  const smtp = await testSmtp(t)
  const env = { SMTP_URL: smtp.url }
  const database = await fileDatabase()
  const first = await build(t, { env, mailTiming: MAIL_TIMING, database })
  const second = await build(t, { env, mailTiming: MAIL_TIMING, database })
  const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(first)))
  await Promise.all(users.map((user, i) => requestReset(i % 2 ? first : second, user.email)))
  for (const user of users) await smtp.waitFor(user.email, 1, RESET)
  await delay(500)
  for (const user of users) t.equal(smtp.to(user.email, RESET).length, 1, `one mail to user ${user.id}`)
})

t.test('a send that outlasts its claim is still sent once: the claim is renewed while it lasts', async (t) => {
  const smtp = await testSmtp(t)
  const env = { SMTP_URL: smtp.url }
  const database = await fileDatabase()
  // Claims of 3 s, renewed every second (a busy machine's timers may run late), and a server that takes
  // 8 s to answer the mail: without renewal the claim lapses while the first send waits, and a pass of
  // either instance sends the mail again.
  const timing = { ...MAIL_TIMING, leaseMs: 3_000 }
  const first = await build(t, { env, mailTiming: timing, database })
  const second = await build(t, { env, mailTiming: timing, database })
  const user = await registerUser(first)
  await verificationMail(smtp, user.email)
  smtp.stallNext(user.email, 8_000)
  t.equal((await requestReset(first, user.email)).statusCode, 202)
  // The first send ends when the server answers, 8 s on; then a moment for any second send to arrive.
  await outboxUntil(second, user.email, ([reset]) => Boolean(reset?.sentAt), 'password-reset')
  await delay(500)
  t.equal(smtp.to(user.email, RESET).length, 1, 'one reset mail')
  t.equal(smtp.to(user.email).length, 2, 'and one verification mail before it: none sent twice')
  const rows = await outboxRows(second, user.email)
  t.same(
    rows.map((row) => ({ template: row.template, sent: row.sentAt !== null, attempts: row.attempts })),
    [
      { template: 'email-verification', sent: true, attempts: 1 },
      { template: 'password-reset', sent: true, attempts: 1 },
    ],
    'each recorded as sent, claimed once',
  )
})

t.test('without SMTP_URL the request answers 503 and registration still works', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const res = await requestReset(app, user.email)
  t.equal(res.statusCode, 503)
  t.match(res.json(), {
    success: false,
    error: { code: 'SERVICE_UNAVAILABLE', message: 'Email delivery is not configured' },
  })
})

t.test('reset requests are throttled per account like logins, known address or not', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, {
    env: { SMTP_URL: smtp.url, LOGIN_THROTTLE_ENABLED: 'true', LOGIN_THROTTLE_ACCOUNT_FAILURES: '2' },
    mailTiming: MAIL_TIMING,
  })
  const user = await registerUser(app)
  for (const email of [user.email, uniqueEmail('nobody')]) {
    t.equal((await requestReset(app, email)).statusCode, 202)
    t.equal((await requestReset(app, email)).statusCode, 202)
    const third = await requestReset(app, email)
    t.equal(third.statusCode, 429, 'the third request in the window is refused')
    t.match(third.json().error, { code: 'TOO_MANY_REQUESTS' })
  }
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'the owner’s login is not held back')
})

t.test('in development without SMTP_URL mails are written to files and their links logged', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dev-mail-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const logs = captureLogs()
  const app = await build(t, {
    env: { LOG_LEVEL: 'info' },
    devMailDir: dir,
    mailTiming: MAIL_TIMING,
    logStream: logs.stream,
  })
  const user = await registerUser(app)
  t.equal((await requestReset(app, user.email)).statusCode, 202, 'the flow works without a mail server')
  // Mails other tests of this file left in the shared outbox may land here too: only this user's count.
  const mine = () =>
    readdirSync(dir)
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .filter((text) => text.includes(`To: ${user.email}\n`))
  const resetToken = (mails: string[]) =>
    mails.find((text) => text.includes(RESET))?.match(/reset-password\?token=([0-9a-f]{64})/)?.[1] ?? ''
  const logged = (token: string) =>
    token !== '' &&
    logs.lines.some((line) => String(line.link).includes(token) && String(line.msg).startsWith('development mail'))
  // The link is logged once the file is written: a file can be read a moment before that.
  let mails: string[] = []
  for (let tries = 0; tries < 600 && !(mails.length >= 2 && logged(resetToken(mails))); tries++) {
    await delay(50)
    mails = mine()
  }
  t.equal(mails.length, 2, 'the verification and the reset mail')
  const token = resetToken(mails)
  t.ok(logged(token), 'the link is in the log, for the developer')
  t.equal((await confirmReset(app, { token, password: 'from a file' })).statusCode, 200)
})
