import type { FastifyPluginAsync } from 'fastify'
import { BROKEN_LINK_PAGE, PAGE_CSP, RESET_PASSWORD_PAGE, VERIFY_EMAIL_PAGE } from '../pages/account.js'

const LINK_TOKEN = /^[0-9a-f]{64}$/

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  // The address holds the token: never cached, never sent on as a referrer.
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
}

/**
 * /account/reset-password and /account/verify-email, where the emailed links lead unless
 * PASSWORD_RESET_URL / EMAIL_VERIFICATION_URL name an app's own pages. Not part of the API document:
 * they are pages for people, which finish the flow through the API's own routes.
 */
const accountPages: FastifyPluginAsync = async (app) => {
  const serve = (path: string, html: string) =>
    app.get<{ Querystring: { token?: unknown } }>(path, { schema: { hide: true } }, async (request, reply) => {
      const { token } = request.query
      const valid = typeof token === 'string' && LINK_TOKEN.test(token)
      return reply
        .code(valid ? 200 : 400)
        .headers(PAGE_HEADERS)
        .send(valid ? html : BROKEN_LINK_PAGE)
    })
  serve('/account/reset-password', RESET_PASSWORD_PAGE)
  serve('/account/verify-email', VERIFY_EMAIL_PAGE)
}

export default accountPages
