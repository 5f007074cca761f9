import t from 'tap'
import { build, refresh, registerUser, uniqueEmail } from '../helper.js'

// RFC 6749 §5.1: an answer carrying tokens must not be kept by any cache, on success and on failure.
t.test('register, login and refresh answer with Cache-Control: no-store', async (t) => {
  const app = await build(t)
  const email = uniqueEmail()
  const password = 'correct horse battery'
  const answers = {
    register: await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Cache Test', email, password },
    }),
    login: await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } }),
    'failed login': await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'wrong password' },
    }),
    'invalid register': await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: {} }),
  }
  const refreshToken = answers.login.json().data.refresh_token
  const refreshed = await refresh(app, refreshToken)
  const all = { ...answers, refresh: refreshed, 'reused refresh': await refresh(app, refreshToken) }

  t.equal(all.register.statusCode, 200)
  t.equal(all.login.statusCode, 200)
  t.equal(all.refresh.statusCode, 200)
  for (const [what, res] of Object.entries(all)) {
    t.equal(res.headers['cache-control'], 'no-store', `${what}: no-store`)
    t.equal(res.headers.pragma, 'no-cache', `${what}: and the HTTP/1.0 form`)
  }
})

t.test('answers without tokens keep their own caching', async (t) => {
  const app = await build(t)
  const user = await registerUser(app)
  const own = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: user.headers })
  t.equal(own.statusCode, 200)
  t.equal(own.headers['cache-control'], undefined)
  const keys = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
  t.match(keys.headers['cache-control'], /^public, max-age=/)
})
