import { createHash } from 'node:crypto'
import t from 'tap'
import { build } from '../helper.js'

t.test('GET /swagger/index.html is an HTML page that needs no outside network', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/index.html' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/html/)
  t.match(res.body, /<div id="swagger-ui">/)
  t.notMatch(res.body, /https?:\/\//, 'no absolute URLs: everything comes from this server')

  const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string)
  t.ok(assets.length > 0, 'the page loads assets')
  for (const asset of assets) t.match(asset, /^\.\/static\//, `${asset} is a local asset`)
  for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-standalone-preset.js'])
    t.ok(assets.includes(`./static/${name}`), `the page loads ${name}`)

  for (const asset of assets) {
    const served = await app.inject({ method: 'GET', url: new URL(asset, 'http://docs/swagger/index.html').pathname })
    t.equal(served.statusCode, 200, `${asset} is served`)
    t.ok(served.rawPayload.length > 0, `${asset} is not empty`)
  }
})

t.test('/swagger and /swagger/ redirect to /swagger/index.html', async (t) => {
  const app = await build(t)
  for (const url of ['/swagger', '/swagger/']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 302, url)
    t.equal(res.headers.location, '/swagger/index.html', url)
  }
})

t.test('GET /swagger/json is the OpenAPI 3.1 document', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/json' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.match(res.json(), {
    openapi: '3.1.0',
    info: { title: String, version: '1.0.0' },
    paths: { '/health': { get: Object }, '/health/live': { get: Object }, '/health/ready': { get: Object } },
  })
  t.notOk(
    Object.keys(res.json().paths).some((path) => path.startsWith('/swagger')),
    'the docs routes are hidden',
  )
})

t.test('the documentation is not wrapped in the envelope and carries a request id', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/json', headers: { 'x-request-id': 'docs-1' } })
  t.equal(res.statusCode, 200)
  t.notOk('success' in res.json())
  t.equal(res.headers['x-request-id'], 'docs-1')
})

t.test('the documentation page sends a browser policy that allows exactly its own script', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/swagger/index.html' })
  t.equal(res.statusCode, 200)
  const policy = String(res.headers['content-security-policy'])
  const directives = new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values] as const
    }),
  )
  t.same(directives.get('default-src'), ["'self'"])
  t.same(directives.get('frame-ancestors'), ["'none'"], 'nobody may frame it')
  t.same(directives.get('object-src'), ["'none'"])
  const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string)
  t.equal(inline.length, 1, 'one inline script')
  const hash = `'sha256-${createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64')}'`
  t.same(directives.get('script-src'), ["'self'", hash], 'scripts from this server, and the inline one by its hash')
  t.notOk(policy.includes('unsafe-eval'))
  t.equal(res.headers['x-frame-options'], 'DENY')
  t.equal(res.headers['x-content-type-options'], 'nosniff')
  t.equal(res.headers['referrer-policy'], 'no-referrer')
  for (const url of ['/swagger/json', '/swagger/static/swagger-ui-bundle.js']) {
    const asset = await app.inject({ method: 'GET', url })
    t.equal(asset.statusCode, 200, url)
    t.equal(asset.headers['content-security-policy'], policy, `${url}: the same policy`)
    t.equal(asset.headers['x-content-type-options'], 'nosniff', `${url}: nosniff`)
  }
})

t.test('Swagger UI’s own second page and its other files are not served', async (t) => {
  const app = await build(t)
  for (const url of [
    '/swagger/static/index.html',
    '/swagger/static/',
    '/swagger/static',
    '/swagger/static/index%2Ehtml',
    '/swagger/static/swagger-initializer.js',
    '/swagger/static/oauth2-redirect.html',
    '/swagger/static/oauth2-redirect.js',
    '/swagger/static/swagger-ui.js',
    '/swagger/static/csp.json',
    '/swagger/static/../static/index.html',
  ]) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, url)
    t.match(res.json(), { success: false, error: { code: 'NOT_FOUND' } }, `${url}: the envelope's 404`)
  }
})

t.test('API answers tell browsers not to sniff, frame or render them', async (t) => {
  const app = await build(t)
  for (const url of ['/health/live', '/api/v1/users/1', '/api/v1/nope']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${url}: nosniff`)
    t.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'", url)
    t.equal(res.headers['x-frame-options'], 'DENY', url)
    t.equal(res.headers['referrer-policy'], 'no-referrer', url)
  }
})
