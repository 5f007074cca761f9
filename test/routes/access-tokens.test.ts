import { createHmac } from 'node:crypto'
import t from 'tap'
import { build, decodeJwt, forgeToken, registerUser, TEST_SECRET } from '../helper.js'

const hmac = (algorithm: string, secret: string) => (input: string) =>
  createHmac(algorithm, secret).update(input).digest('base64url')

t.test('protected routes refuse every token that is not a valid HS256 token of ours', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const { claims } = decodeJwt(user.accessToken)
  const now = Math.floor(Date.now() / 1000)
  const [head, body] = user.accessToken.split('.')

  const tokens: Record<string, string> = {
    'alg none': forgeToken({ alg: 'none', typ: 'JWT' }, claims, () => ''),
    'HS512 with our secret': forgeToken({ alg: 'HS512', typ: 'JWT' }, claims, hmac('sha512', TEST_SECRET)),
    'HS384 with our secret': forgeToken({ alg: 'HS384', typ: 'JWT' }, claims, hmac('sha384', TEST_SECRET)),
    'another secret': forgeToken({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', 'x'.repeat(64))),
    expired: forgeToken(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, iat: now - 1000, exp: now - 1 },
      hmac('sha256', TEST_SECRET),
    ),
    'tampered claims': `${head}.${Buffer.from(JSON.stringify({ ...claims, roles: ['user', 'admin'] })).toString('base64url')}.${user.accessToken.split('.')[2]}`,
    'a signature cut off': `${head}.${body}.`,
    garbage: 'not-a-jwt',
  }
  for (const [what, token] of Object.entries(tokens)) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    t.equal(res.statusCode, 401, what)
    t.match(res.json(), { success: false, error: { code: 'UNAUTHORIZED', message: String } }, what)
    t.match(res.headers['www-authenticate'], /^Bearer realm="api", error="invalid_token"/, what)
  }

  t.test('a token that expires exactly now is refused: no leeway', async (t) => {
    const token = forgeToken(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, iat: now - 900, exp: now },
      hmac('sha256', TEST_SECRET),
    )
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    t.equal(res.statusCode, 401)
  })

  t.test('a correctly signed token of ours is accepted', async (t) => {
    const token = forgeToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now + 60 }, hmac('sha256', TEST_SECRET))
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    t.equal(res.statusCode, 200)
  })

  t.test('a missing or malformed Authorization header is a 401 challenge', async (t) => {
    for (const authorization of [undefined, '', 'Bearer', 'Bearer ', `Basic ${user.accessToken}`, user.accessToken]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/users/${user.id}`,
        headers: authorization === undefined ? {} : { authorization },
      })
      t.equal(res.statusCode, 401, JSON.stringify(authorization))
      t.equal(res.json().error.code, 'UNAUTHORIZED')
      t.match(res.headers['www-authenticate'], /^Bearer realm="api"/)
    }
  })
})

t.test('JWT_ACCESS_TOKEN_TTL sets expires_in and exp', async (t) => {
  const app = await build(t, { env: { JWT_ACCESS_TOKEN_TTL: '1h30m' } })
  const user = await registerUser(app)
  const { claims } = decodeJwt(user.accessToken)
  t.equal((claims.exp as number) - (claims.iat as number), 5400)
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })
  t.equal(login.json().data.expires_in, 5400)
})
