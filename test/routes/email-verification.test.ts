import t from 'tap'
import {
  type App,
  build,
  captureLogs,
  decodeJwt,
  login,
  manualClock,
  refresh,
  registerUser,
  uniqueEmail,
} from '../helper.js'
import { linkToken, testSmtp } from '../smtp.js'

const MAIL_TIMING = { pollIntervalMs: 100, retryBaseMs: 100 }

const verify = (app: App, token: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/email/verify', payload: { token } })
const requestLink = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/email/verification', headers })

t.test('registration mails a verification link that verifies the address once', async (t) => {
  const smtp = await testSmtp(t)
  const logs = captureLogs()
  const app = await build(t, {
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    mailTiming: MAIL_TIMING,
    logStream: logs.stream,
  })
  const user = await registerUser(app)
  const me = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(me.json().data.email_verified, false, 'a new account is unverified')
  t.equal(decodeJwt(user.accessToken).claims.email_verified, false, 'and its token says so')

  const mail = await smtp.waitFor(user.email)
  t.equal(mail.subject, 'Confirm your email address')
  t.match(mail.text, /expires in 24 hours/)
  t.match(mail.text, /http:\/\/localhost:8080\/account\/verify-email\?token=[0-9a-f]{64}/)
  const token = linkToken(mail)

  const res = await verify(app, token)
  t.equal(res.statusCode, 200)
  t.match(res.json().data, { id: user.id, email: user.email, email_verified: true })
  const again = await verify(app, token)
  t.equal(again.statusCode, 400)
  t.match(again.json().error, { code: 'INVALID_TOKEN', message: 'Invalid or expired token' })

  const fresh = (await login(app, user.email, user.password)).json().data
  t.equal(fresh.user.email_verified, true)
  t.equal(decodeJwt(fresh.access_token).claims.email_verified, true, 'new access tokens carry it')

  t.equal((await requestLink(app, user.headers)).statusCode, 202, 'asking again is accepted')
  await app.mailWorker?.drain()
  t.equal(smtp.to(user.email).length, 1, 'but a verified address is sent nothing')

  await app.audit.flush()
  const { events } = await app.audit.list({ page: 1, perPage: 10, userId: user.id, type: 'email.verified' })
  t.equal(events.length, 1, 'audited')
  t.notOk(logs.raw.join('').includes(token), 'the token reaches no log line')
})

t.test('a new link ends the older one; links expire; bad tokens change nothing', async (t) => {
  const smtp = await testSmtp(t)
  const clock = manualClock()
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING, clock: clock.now })
  const user = await registerUser(app)
  const first = linkToken(await smtp.waitFor(user.email, 1))
  t.equal((await requestLink(app, user.headers)).statusCode, 202)
  t.equal((await requestLink(app, {})).statusCode, 401, 'asking needs a bearer token')
  const second = linkToken(await smtp.waitFor(user.email, 2))
  t.equal((await verify(app, first)).json().error.code, 'INVALID_TOKEN', 'the older link is dead')
  t.equal((await verify(app, 'f'.repeat(64))).json().error.code, 'INVALID_TOKEN')
  t.match((await verify(app, '')).json().error, { code: 'VALIDATION_ERROR', details: { Token: 'Token is required' } })
  clock.advance(25 * 3_600_000)
  t.equal((await verify(app, second)).json().error.code, 'INVALID_TOKEN', 'past EMAIL_VERIFICATION_TTL')
  const me = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(me.json().data.email_verified, false, 'still unverified')
})

t.test('an email change clears the verification, links the new address and tells the old one', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  t.equal((await verify(app, linkToken(await smtp.waitFor(user.email)))).statusCode, 200)
  const pending = await requestLink(app, user.headers)
  t.equal(pending.statusCode, 202)

  const newEmail = uniqueEmail('moved')
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}`,
    headers: user.headers,
    payload: { email: newEmail },
  })
  t.equal(res.statusCode, 200)
  t.match(res.json().data, { email: newEmail, email_verified: false }, 'the change takes effect, unverified')

  const notice = await smtp.waitFor(user.email, 1, 'The email address of your account was changed')
  t.equal(notice.subject, 'The email address of your account was changed')
  t.match(notice.text, newEmail)
  const link = await smtp.waitFor(newEmail)
  t.equal(link.subject, 'Confirm your email address')
  const verified = await verify(app, linkToken(link))
  t.match(verified.json().data, { email: newEmail, email_verified: true })

  const sameInOtherCase = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}`,
    headers: user.headers,
    payload: { email: newEmail.toUpperCase() },
  })
  t.equal(sameInOtherCase.json().data.email_verified, true, 'the same address in another case stays verified')
  await app.audit.flush()
  const { events } = await app.audit.list({ page: 1, perPage: 10, userId: user.id, type: 'email.changed' })
  t.equal(events.length, 1, 'one email change is audited')
})

t.test('EMAIL_VERIFICATION=required refuses login and refresh until the address is verified', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url, EMAIL_VERIFICATION: 'required' }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  const refused = await login(app, user.email, user.password)
  t.equal(refused.statusCode, 403)
  t.match(refused.json().error, { code: 'FORBIDDEN', message: 'Email address not verified' })
  const refreshed = await refresh(app, user.refreshToken)
  t.equal(refreshed.statusCode, 403)
  t.match(refreshed.json().error, { code: 'FORBIDDEN', message: 'Email address not verified' })
  t.equal((await login(app, user.email, 'a wrong password')).statusCode, 401, 'a wrong password is still the 401')

  t.equal((await verify(app, linkToken(await smtp.waitFor(user.email)))).statusCode, 200)
  t.equal((await login(app, user.email, user.password)).statusCode, 200, 'verified, it logs in')
})

t.test('a link of a deleted account is refused', async (t) => {
  const smtp = await testSmtp(t)
  const app = await build(t, { env: { SMTP_URL: smtp.url }, mailTiming: MAIL_TIMING })
  const user = await registerUser(app)
  const token = linkToken(await smtp.waitFor(user.email))
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: user.headers })).statusCode,
    204,
  )
  t.equal((await verify(app, token)).json().error.code, 'INVALID_TOKEN')
})

t.test('without SMTP_URL registration works unmailed and asking for a link is 503', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const res = await requestLink(app, user.headers)
  t.equal(res.statusCode, 503)
  t.match(res.json().error, { code: 'SERVICE_UNAVAILABLE', message: 'Email delivery is not configured' })
})
