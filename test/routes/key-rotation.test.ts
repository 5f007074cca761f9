import t from 'tap'
import { keyId } from '../../src/services/signing-keys.js'
import { build, decodeJwt, refresh, registerUser, TEST_SECRET } from '../helper.js'

const NEW_SECRET = 'rotated-secret-9876543210fedcba9876543210fedcba9876543210'

t.test('rotating JWT_SECRET with JWT_SECRET_PREVIOUS logs nobody out', async (t) => {
  const before = await build(t)
  const user = await registerUser(before)
  t.equal(decodeJwt(user.accessToken).header.kid, keyId(TEST_SECRET), 'tokens name their key')

  const after = await build(t, { env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: TEST_SECRET } })
  const read = await after.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(read.statusCode, 200, 'a token signed with the previous secret still works')

  const refreshed = await refresh(after, user.refreshToken)
  const fresh = refreshed.json().data.access_token
  t.equal(decodeJwt(fresh).header.kid, keyId(NEW_SECRET), 'new tokens are signed with the new secret')
  const withFresh = await after.inject({
    method: 'GET',
    url: `/api/v1/users/${user.id}`,
    headers: { authorization: `Bearer ${fresh}` },
  })
  t.equal(withFresh.statusCode, 200)

  const retired = await build(t, { env: { JWT_SECRET: NEW_SECRET } })
  const old = await retired.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(old.statusCode, 401, 'once the previous secret is dropped its tokens stop working')
  const stillFresh = await retired.inject({
    method: 'GET',
    url: `/api/v1/users/${user.id}`,
    headers: { authorization: `Bearer ${fresh}` },
  })
  t.equal(stillFresh.statusCode, 200)
})

t.test('the previous secret never signs, and a forged token is refused by both', async (t) => {
  const app = await build(t, { env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: TEST_SECRET } })
  const user = await registerUser(app)
  t.equal(decodeJwt(user.accessToken).header.kid, keyId(NEW_SECRET))
  const [head, body] = user.accessToken.split('.')
  const forged = `${head}.${body}.${'A'.repeat(43)}`
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/users/${user.id}`,
    headers: { authorization: `Bearer ${forged}` },
  })
  t.equal(res.statusCode, 401)
  t.match(res.headers['www-authenticate'], /invalid_token/)
})
