import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import t from 'tap'
import { build, registerUser, type TestUser } from '../helper.js'
import { freePort } from '../smtp.js'
import { browserPage, noChromium } from './browser.js'

/**
 * Passkeys as a person meets them: Chromium with a virtual platform authenticator (CDP's WebAuthn
 * domain: ctap2, resident keys, user verification) on a page of the service's own origin, the options
 * parsed and the credentials serialised by the browser's own WebAuthn JSON methods.
 */

/** A page of the service's origin whose policy lets its scripts call the API (`connect-src 'self'`). */
const SERVICE_PAGE = `/account/reset-password?token=${'0'.repeat(64)}`

interface Answer {
  status: number
  body: { data?: Record<string, unknown>; error?: { message: string } }
}

/**
 * Runs a passkey registration in the page, as an app's script would. The page's code is text: this
 * project compiles its tests without the DOM's types.
 */
const registerInPage = (page: Page, user: TestUser): Promise<Answer> =>
  page.evaluate(`(async () => {
    const headers = { authorization: ${JSON.stringify(user.headers.authorization)}, 'content-type': 'application/json' }
    const options = await fetch('/api/v1/auth/passkeys/registration/options', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Chromium' }),
    }).then((res) => res.json())
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options.data)
    const credential = await navigator.credentials.create({ publicKey })
    const res = await fetch('/api/v1/auth/passkeys/registration', {
      method: 'POST',
      headers,
      body: JSON.stringify(credential.toJSON()),
    })
    return { status: res.status, body: await res.json() }
  })()`)

/** The assertion the browser makes for request options, with no email asked for. */
const assertInPage = (page: Page, options: unknown): Promise<object> =>
  page.evaluate(`(async () => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(${JSON.stringify(options)})
    const credential = await navigator.credentials.get({ publicKey })
    return credential.toJSON()
  })()`)

t.test(
  'register a passkey in Chromium, sign in with it, replay refused, delete it',
  { skip: noChromium },
  async (t) => {
    const port = await freePort()
    const origin = `http://localhost:${port}`
    const app = await build(t, { env: { PUBLIC_URL: origin } })
    await app.listen({ port, host: 'localhost' })
    const user = await registerUser(app)

    const page = await browserPage(t, 'passkeys')
    await page.goto(`${origin}${SERVICE_PAGE}`)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })

    const registered = await registerInPage(page, user)
    t.equal(registered.status, 201, 'the browser’s attestation is accepted')
    t.match(registered.body.data, { name: 'Chromium', transports: Array })
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    t.equal(credentials.length, 1)
    t.equal(credentials[0]?.isResidentCredential, true, 'a discoverable credential')

    const signIn = async () => {
      const options = (await app.inject({ method: 'POST', url: '/api/v1/auth/passkeys/authentication/options' })).json()
      const assertion = await assertInPage(page, options.data)
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/passkeys/authentication', payload: assertion })
      return { assertion, res }
    }
    const { assertion, res } = await signIn()
    t.equal(res.statusCode, 200, 'signed in with no email and no password')
    t.match(res.json().data, { mfa_required: false, access_token: String, user: { id: user.id, email: user.email } })

    const replayed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/authentication',
      payload: assertion,
    })
    t.equal(replayed.statusCode, 401, 'the same assertion again is refused')
    t.match(replayed.json(), { error: { message: 'Passkey sign-in failed' } })

    // A page of another origin (another port of the same host, so the browser still signs for the
    // relying party): its assertion is refused, and the service's page still signs in afterwards.
    const other = createServer((_, response) => response.end('<!doctype html><title>Elsewhere</title>'))
    other.listen(0, 'localhost')
    await once(other, 'listening')
    t.teardown(() => other.close())
    await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`)
    const elsewhere = await signIn()
    t.equal(elsewhere.res.statusCode, 401, 'an assertion made for another origin is refused')
    await page.goto(`${origin}${SERVICE_PAGE}`)
    t.equal((await signIn()).res.statusCode, 200)

    const passkeyId = registered.body.data?.id
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/passkeys/${passkeyId}`,
      headers: user.headers,
    })
    t.equal(deleted.statusCode, 204)
    t.equal(
      (await signIn()).res.statusCode,
      401,
      'a deleted passkey signs in no more, though the browser still holds it',
    )
  },
)
