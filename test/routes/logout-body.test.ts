import t from 'tap'
import { build, registerUser } from '../helper.js'

// docs/contract.md: logout reads the bearer token only; any body, even malformed, is ignored.
t.test('logout ignores whatever body and Content-Type come with it', async (t) => {
  const app = await build(t)
  for (const [contentType, payload] of [
    ['application/json', '{"refresh_token":'],
    ['text/plain;;;', 'anything'],
    ['not a media type', '{}'],
    [undefined, 'bytes with no type'],
  ] as const) {
    const user = await registerUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...user.headers, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      payload,
    })
    t.equal(res.statusCode, 200, `Content-Type ${contentType}`)
    t.equal(res.json().data.message, 'Successfully logged out')
  }
})
