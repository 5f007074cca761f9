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
