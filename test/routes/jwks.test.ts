import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import {
  calculateJwkThumbprint,
  createRemoteJWKSet,
  errors,
  type JWTPayload,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
} from 'jose'
import t, { type Test } from 'tap'
import { buildApp } from '../../src/app.js'
import { AccessClaimsSchema } from '../../src/schemas/auth.js'
import { createPasswordHasher } from '../../src/services/passwords.js'
import {
  type App,
  build,
  decodeJwt,
  fileDatabase,
  manualClock,
  refresh,
  registerUser,
  TEST_SECRET,
  type TestUser,
  testConfig,
} from '../helper.js'
import { type KeyFiles, keyFiles } from '../signing-keys.js'

type Algorithm = 'ES256' | 'EdDSA'

const JWKS_URL = '/.well-known/jwks.json'

const signingWith = (algorithm: Algorithm, keys: KeyFiles, previous?: KeyFiles) => ({
  JWT_SIGNING_ALG: algorithm,
  JWT_PRIVATE_KEY_FILE: keys.privateFile,
  ...(previous ? { JWT_PREVIOUS_PUBLIC_KEY_FILE: previous.publicFile } : {}),
})

/** The app's key set exactly as a resource server holds it: jose fetching it over a real socket. */
async function remoteKeySet(app: App) {
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  return createRemoteJWKSet(new URL(JWKS_URL, base))
}

const kidOf = (keys: KeyFiles) => calculateJwkThumbprint(keys.publicKey.export({ format: 'jwk' }))

const readUser = (app: App, user: TestUser, token: string) =>
  app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: { authorization: `Bearer ${token}` } })

/** The claims of a real token, re-signed by a forger. */
const claimsOf = (token: string) => decodeJwt(token).claims as JWTPayload

t.test('with HS256, the default, the key set is empty: the secret is never published', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: JWKS_URL })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { keys: [] }, 'a JWK Set, no envelope')
  t.match(res.headers['content-type'], /^application\/json/)
  t.equal(res.headers['cache-control'], 'public, max-age=300', 'cacheable, for less than the access-token lifetime')
  t.match(res.headers.etag, /^"[\w-]+"$/)
  t.notMatch(res.body, TEST_SECRET)
})

t.test('the key set is cached by max-age and ETag', async (t) => {
  const app = await build(t, { env: { JWT_ACCESS_TOKEN_TTL: '1m' } })
  const first = await app.inject({ method: 'GET', url: JWKS_URL })
  t.equal(first.headers['cache-control'], 'public, max-age=30', 'half the access-token lifetime when that is shorter')
  const etag = String(first.headers.etag)
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await app.inject({ method: 'GET', url: JWKS_URL, headers: { 'if-none-match': ifNoneMatch } })
    t.equal(again.statusCode, 304, `If-None-Match: ${ifNoneMatch}`)
    t.equal(again.body, '')
    t.equal(again.headers.etag, etag)
    // RFC 9110 §15.4.5: a 304 sends no body, so it describes none.
    t.equal(again.headers['content-type'], undefined, 'no Content-Type')
    t.equal(again.headers['content-length'], undefined, 'no Content-Length')
  }
  const changed = await app.inject({ method: 'GET', url: JWKS_URL, headers: { 'if-none-match': '"other"' } })
  t.equal(changed.statusCode, 200)
})

t.test('the key set is exempt from the rate limiter, like the health probes', async (t) => {
  const app = await build(t, { env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: '1' } })
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({ method: 'GET', url: JWKS_URL })
    t.equal(res.statusCode, 200)
    t.notOk(res.headers['x-ratelimit-limit'], 'not counted')
  }
  await app.inject({ method: 'GET', url: '/api/v1/users/1' })
  const limited = await app.inject({ method: 'GET', url: '/api/v1/users/1' })
  t.equal(limited.statusCode, 429, 'while the limiter is on for the API')
})

for (const algorithm of ['ES256', 'EdDSA'] as const) {
  t.test(`${algorithm}: a resource server verifies the service's tokens with its JWKS`, async (t) => {
    const keys = keyFiles(t, algorithm)
    const app = await build(t, { env: signingWith(algorithm, keys) })
    const keySet = await remoteKeySet(app)
    const user = await registerUser(app)

    const { payload, protectedHeader } = await jwtVerify(user.accessToken, keySet, { algorithms: [algorithm] })
    t.match(protectedHeader, { alg: algorithm, kid: await kidOf(keys) }, 'named by its RFC 7638 thumbprint')
    t.match(payload, { user_id: user.id, sub: String(user.id), email: user.email, roles: ['user'] })
    t.ok(Value.Check(AccessClaimsSchema, payload), 'the claims are the AccessClaims contract, no more')

    const published = (await app.inject({ method: 'GET', url: JWKS_URL })).json().keys
    t.equal(published.length, 1)
    t.match(published[0], { kty: String, crv: String, x: String, kid: protectedHeader.kid, alg: algorithm, use: 'sig' })
    t.notOk('d' in published[0], 'never the private part')

    t.equal((await readUser(app, user, user.accessToken)).statusCode, 200, 'the service accepts its own token')
    const refreshed = await refresh(app, user.refreshToken)
    t.equal(refreshed.statusCode, 200)
    const next = refreshed.json().data.access_token
    t.equal((await jwtVerify(next, keySet, { algorithms: [algorithm] })).payload.user_id, user.id, 'and refreshed ones')
  })

  t.test(`${algorithm}: alg confusion and unsigned tokens are refused`, async (t) => {
    const keys = keyFiles(t, algorithm)
    const app = await build(t, { env: signingWith(algorithm, keys) })
    const user = await registerUser(app)
    const claims = claimsOf(user.accessToken)
    const kid = await kidOf(keys)
    const published = JSON.stringify((await app.inject({ method: 'GET', url: JWKS_URL })).json().keys[0])
    const hmacWith = (secret: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid }).sign(new TextEncoder().encode(secret))

    const forged: Record<string, string> = {
      'HS256 keyed with the public key PEM': await hmacWith(
        keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ),
      'HS256 keyed with the published JWK': await hmacWith(published),
      'HS256 keyed with JWT_SECRET': await hmacWith(TEST_SECRET),
      'alg none': new UnsecuredJWT(claims).encode(),
    }
    for (const [what, token] of Object.entries(forged)) {
      const res = await readUser(app, user, token)
      t.equal(res.statusCode, 401, what)
      t.match(res.headers['www-authenticate'], /error="invalid_token"/, what)
    }
  })
}

for (const [from, to] of [
  ['ES256', 'ES256'],
  ['ES256', 'EdDSA'],
] as const) {
  t.test(
    `rotating ${from} to ${to}: earlier tokens verify until they expire, new ones carry the new kid`,
    async (t) => {
      const oldKeys = keyFiles(t, from)
      const newKeys = keyFiles(t, to)
      const clock = manualClock()
      const before = await build(t, { env: signingWith(from, oldKeys), clock: clock.now })
      const user = await registerUser(before)
      // Issued 16 minutes ago by the old key: past its 15-minute lifetime now.
      clock.advance(-16 * 60_000)
      const expired = await registerUser(before)

      const during = await build(t, { env: signingWith(to, newKeys, oldKeys) })
      const keySet = await remoteKeySet(during)
      const algorithms = [from, to]
      const kids = (await during.inject({ method: 'GET', url: JWKS_URL }))
        .json()
        .keys.map((key: { kid: string }) => key.kid)
      t.same(kids, [await kidOf(newKeys), await kidOf(oldKeys)], 'the JWKS lists the new key, then the previous one')

      t.equal((await readUser(during, user, user.accessToken)).statusCode, 200, 'the service accepts an old token')
      t.equal((await jwtVerify(user.accessToken, keySet, { algorithms })).protectedHeader.kid, await kidOf(oldKeys))
      t.equal((await readUser(during, expired, expired.accessToken)).statusCode, 401, 'until it expires')
      await t.rejects(jwtVerify(expired.accessToken, keySet, { algorithms }), errors.JWTExpired)

      const refreshed = await refresh(during, user.refreshToken)
      const fresh = refreshed.json().data.access_token
      t.match(decodeJwt(fresh).header, { alg: to, kid: await kidOf(newKeys) }, 'new tokens are signed with the new key')
      t.equal((await jwtVerify(fresh, keySet, { algorithms })).payload.user_id, user.id)

      const after = await build(t, { env: signingWith(to, newKeys) })
      t.equal((await readUser(after, user, user.accessToken)).statusCode, 401, 'once the previous key is dropped')
      t.equal((await readUser(after, user, fresh)).statusCode, 200)
      const remaining = (await after.inject({ method: 'GET', url: JWKS_URL })).json().keys
      t.same(
        remaining.map((key: { kid: string }) => key.kid),
        [await kidOf(newKeys)],
      )
    },
  )
}

t.test('a generated key is stored for the owner alone and reused when the service restarts', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'generated-key-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const config = testConfig({ JWT_SIGNING_ALG: 'EdDSA' })
  t.ok(config.jwt.generateKey, 'JWT_PRIVATE_KEY_FILE is unset')
  const generated = { ...config, jwt: { ...config.jwt, privateKeyFile: join(dir, '.data', 'jwt-signing-key.pem') } }
  const passwords = createPasswordHasher({ cost: 4, workers: 1 })
  t.teardown(() => passwords.close())
  const start = async (t: Test) => {
    const app = await buildApp({ config: generated, database: await fileDatabase(), passwords })
    t.teardown(() => app.close())
    return app
  }

  const first = await start(t)
  const user = await registerUser(first)
  t.equal(statSync(generated.jwt.privateKeyFile).mode & 0o777, 0o600, 'the key file is 0600')
  const published = (await first.inject({ method: 'GET', url: JWKS_URL })).json()
  await first.close()

  const second = await start(t)
  t.same((await second.inject({ method: 'GET', url: JWKS_URL })).json(), published, 'the same key after a restart')
  t.equal((await readUser(second, user, user.accessToken)).statusCode, 200, 'and tokens from before still work')
})
