import t from 'tap'
import { type App, build, decodeJwt, refresh, registerUser, uniqueEmail } from '../helper.js'

const register = (app: App, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: payload as object })
const postLogin = (app: App, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object })

t.test('POST /api/v1/auth/register', async (t) => {
  const app = await build(t)

  t.test('returns a token pair and the user', async (t) => {
    const email = uniqueEmail()
    const res = await register(app, { name: 'Ada Lovelace', email, password: 'analytical' })
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.match(body, {
      success: true,
      data: {
        access_token: String,
        refresh_token: /^[0-9a-f]{64}$/,
        token_type: 'Bearer',
        expires_in: 900,
        user: { id: Number, name: 'Ada Lovelace', email, roles: ['user'], created_at: String, updated_at: String },
      },
      meta: { request_id: res.headers['x-request-id'], timestamp: String },
    })
    t.notOk('error' in body, 'data and error are never both present')
    t.notMatch(res.body, /password|hash/i, 'no password or hash in the answer')
    const { header, claims } = decodeJwt(body.data.access_token)
    t.equal(header.alg, 'HS256')
    t.match(claims, {
      user_id: body.data.user.id,
      sub: String(body.data.user.id),
      email,
      name: 'Ada Lovelace',
      roles: ['user'],
      jti: String,
    })
    t.equal((claims.exp as number) - (claims.iat as number), 900)
  })

  t.test('trims the name and email and ignores fields it does not know', async (t) => {
    const email = uniqueEmail()
    const res = await register(app, { name: '  Grace  ', email: `  ${email} `, password: 'secret1', roles: ['admin'] })
    t.equal(res.statusCode, 200)
    t.match(res.json().data.user, { name: 'Grace', email, roles: ['user'] })
  })

  t.test('reports every invalid field in the spec’s message forms', async (t) => {
    const res = await register(app, {})
    t.equal(res.statusCode, 400)
    t.match(res.json(), {
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        details: { Name: 'Name is required', Email: 'Email is required', Password: 'Password is required' },
        path: '/api/v1/auth/register',
        request_id: String,
        timestamp: String,
      },
    })
  })

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a one-letter name', { name: 'A' }, { Name: 'Name is too short (minimum 2)' }],
    ['a name blank but for one letter', { name: '   A   ' }, { Name: 'Name is too short (minimum 2)' }],
    ['a 101-character name', { name: 'n'.repeat(101) }, { Name: 'Name is too long (maximum 100)' }],
    ['a name that is a number', { name: 12345 }, { Name: 'Name must be a string' }],
    ['a malformed email', { email: 'not-an-email' }, { Email: 'Email must be a valid email address' }],
    [
      'a 256-character email',
      { email: `${'e'.repeat(244)}@example.com` },
      { Email: 'Email is too long (maximum 255)' },
    ],
    ['a 5-character password', { password: '12345' }, { Password: 'Password is too short (minimum 6)' }],
    ['a 73-byte password', { password: 'p'.repeat(73) }, { Password: 'Password is too long (maximum 72)' }],
    [
      'a 25-character password of 75 bytes',
      { password: '€'.repeat(25) },
      { Password: 'Password is too long (maximum 72)' },
    ],
    [
      'a name with a right-to-left override',
      { name: 'Ada \u202Egnp.exe' },
      { Name: 'Name must be a printable string' },
    ],
    ['a name with a control character', { name: 'Ada\u0007Lovelace' }, { Name: 'Name must be a printable string' }],
    ['a name with a line break inside', { name: 'Ada\nLovelace' }, { Name: 'Name must be a printable string' }],
    [
      'a name with a bidirectional isolate',
      { name: '\u2067Ada Lovelace' },
      { Name: 'Name must be a printable string' },
    ],
    ['a password of white space only', { password: ' \t  \u3000  ' }, { Password: 'Password is required' }],
  ]
  for (const [what, fields, details] of cases) {
    t.test(`refuses ${what}`, async (t) => {
      const res = await register(app, { name: 'Valid Name', email: uniqueEmail(), password: 'secret1', ...fields })
      t.equal(res.statusCode, 400)
      t.same(res.json().error.details, details)
    })
  }

  t.test('accepts the bounds: 2 and 100 character names, 6-character and 72-byte passwords', async (t) => {
    for (const fields of [
      { name: 'Al' },
      { name: 'n'.repeat(100) },
      { password: '123456' },
      { password: 'p'.repeat(72) },
      // Letters of any script, emoji joined by U+200D, and spaces around a password all stay allowed.
      { name: 'Zoë 李 👩‍💻' },
      { name: '\tAda Lovelace\n' },
      { password: '  secret with spaces  ' },
    ]) {
      const res = await register(app, { name: 'Valid Name', email: uniqueEmail(), password: 'secret1', ...fields })
      t.equal(res.statusCode, 200, JSON.stringify(fields).slice(0, 40))
    }
  })

  t.test('409 for an email a live user holds, whatever its case', async (t) => {
    const user = await registerUser(app)
    const res = await register(app, { name: 'Copy Cat', email: user.email.toUpperCase(), password: 'secret1' })
    t.equal(res.statusCode, 409)
    t.match(res.json().error, { code: 'CONFLICT', message: 'Email already exists' })
  })

  t.test('concurrent registrations of one email: exactly one wins, the rest are 409', async (t) => {
    const email = uniqueEmail('race')
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(app, { name: `Racer ${i}`, email, password: 'secret1' })),
    )
    const statuses = results.map((res) => res.statusCode).sort()
    t.same(statuses, [200, ...Array(9).fill(409)])
  })
})

t.test('PASSWORD_MIN_LENGTH raises the minimum', async (t) => {
  const app = await build(t, { env: { PASSWORD_MIN_LENGTH: '10' } })
  const res = await register(app, { name: 'Valid Name', email: uniqueEmail(), password: '123456789' })
  t.equal(res.statusCode, 400)
  t.same(res.json().error.details, { Password: 'Password is too short (minimum 10)' })
})

t.test('POST /api/v1/auth/login', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)

  t.test('returns a new token pair in a new family, ignoring the email’s case', async (t) => {
    const res = await postLogin(app, { email: user.email.toUpperCase(), password: user.password })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      refresh_token: /^[0-9a-f]{64}$/,
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: user.id, email: user.email, name: user.name, roles: ['user'] },
    })
    // A new family: the registration's token still works after this login.
    const refreshed = await refresh(app, user.refreshToken)
    t.equal(refreshed.statusCode, 200)
  })

  t.test('one answer for a wrong password, an unknown email and a deleted user', async (t) => {
    const deleted = await registerUser(app)
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/users/${deleted.id}`, headers: deleted.headers })
    t.equal(del.statusCode, 204)
    const attempts = [
      { email: user.email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: user.password },
      { email: deleted.email, password: deleted.password },
    ]
    for (const attempt of attempts) {
      const res = await postLogin(app, attempt)
      t.equal(res.statusCode, 401)
      t.match(res.json(), { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } })
      t.notOk(res.headers['www-authenticate'], 'a failed login is not a bearer challenge')
    }
  })

  t.test('validates its body', async (t) => {
    const res = await postLogin(app, { email: 'nope' })
    t.equal(res.statusCode, 400)
    t.same(res.json().error.details, {
      Email: 'Email must be a valid email address',
      Password: 'Password is required',
    })
  })

  t.test('a password over 72 bytes is a 400, not a truncated match', async (t) => {
    const res = await postLogin(app, { email: user.email, password: `${user.password}${'x'.repeat(72)}` })
    t.equal(res.statusCode, 400)
    t.same(res.json().error.details, { Password: 'Password is too long (maximum 72)' })
  })
})

t.test('a hash of another cost is replaced on the next successful login', async (t) => {
  const cheap = await build(t)
  const user = await registerUser(cheap)
  const stored = async () => (await cheap.repos.users.findByEmailWithPassword(user.email))?.passwordHash
  t.match(await stored(), /^\$2[aby]\$04\$/)

  const dearer = await build(t, { env: { BCRYPT_COST: '5' } })
  const failed = await postLogin(dearer, { email: user.email, password: 'wrong password' })
  t.equal(failed.statusCode, 401)
  t.match(await stored(), /^\$2[aby]\$04\$/, 'a failed login changes nothing')
  const res = await postLogin(dearer, { email: user.email, password: user.password })
  t.equal(res.statusCode, 200)
  t.match(await stored(), /^\$2[aby]\$05\$/)
  t.equal((await postLogin(dearer, { email: user.email, password: user.password })).statusCode, 200)
})

t.test('POST /api/v1/auth/logout', async (t) => {
  const app = await build(t)

  t.test('revokes every refresh token of the user', async (t) => {
    const user = await registerUser(app)
    const second = await postLogin(app, { email: user.email, password: user.password })
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })
    t.equal(res.statusCode, 200)
    t.match(res.json(), { success: true, data: { message: 'Successfully logged out' } })
    for (const token of [user.refreshToken, second.json().data.refresh_token]) {
      const refreshed = await refresh(app, token)
      t.equal(refreshed.statusCode, 401)
    }
    const again = await postLogin(app, { email: user.email, password: user.password })
    t.equal(again.statusCode, 200, 'a new login works')
  })

  t.test('ignores any body, even a malformed one', async (t) => {
    const user = await registerUser(app)
    for (const [type, payload] of [
      ['application/json', '{"refresh_token": '],
      ['application/json', ''],
      ['text/plain', 'hello'],
      ['application/json', JSON.stringify({ refresh_token: user.refreshToken })],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { ...user.headers, 'content-type': type as string },
        payload,
      })
      t.equal(res.statusCode, 200, `${type} ${payload}`)
    }
  })

  t.test('needs an access token', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout' })
    t.equal(res.statusCode, 401)
    t.match(res.json().error, { code: 'UNAUTHORIZED' })
    t.equal(res.headers['www-authenticate'], 'Bearer realm="api"')
  })
})
