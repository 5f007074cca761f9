import t from 'tap'
import { client as defaultClient } from '../../openapi/hey-api/client.gen.js'
import { build, freshDatabase, uniqueEmail } from '../helper.js'
import { accountFlow, clientFor, rateLimitedBranch, todoFlow, totpFlow, unavailableBranch } from './hey-api-flow.js'

/**
 * A second generator: the client @hey-api/openapi-ts made from the committed document (openapi/hey-api,
 * kept current by test/openapi.test.ts) runs the flows of hey-api-flow.ts against the real server over a
 * real socket. `npm run typecheck` compiles them with --strict; here they must also hold at run time.
 */
const listen = async (app: Awaited<ReturnType<typeof build>>) =>
  clientFor(await app.listen({ port: 0, host: '127.0.0.1' }))

t.test('the generated client’s default base URL is where the service runs by default', async (t) => {
  // From the document's first server: a template such as `{scheme}://{host}` would be sent as it is.
  t.equal(defaultClient.getConfig().baseUrl, 'http://127.0.0.1:8080')
})

t.test('the account and todo flows through the generated client', async (t) => {
  const client = await listen(await build(t))
  const { email, password } = await accountFlow(t, client, uniqueEmail('hey'))
  await todoFlow(t, client, email, password)
})

t.test('the TOTP flow through the generated client', async (t) => {
  const client = await listen(await build(t))
  await totpFlow(t, client, uniqueEmail('hey-totp'), 'correct horse battery')
})

t.test('the 429 branch: an empty bucket, on an enveloped route and on a todo route', async (t) => {
  const limit = 3
  const app = await build(t, { env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REQUESTS: String(limit) } })
  const client = await listen(app)
  await rateLimitedBranch(t, client, uniqueEmail('hey-limited'), 'any password at all', limit)
})

t.test('the 503 branch: a database that cannot be reached', async (t) => {
  const live = await build(t)
  const registered = await live.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Hey Client', email: uniqueEmail('hey-503'), password: 'correct horse battery' },
  })
  t.equal(registered.statusCode, 200)
  const database = await freshDatabase()
  const client = await listen(await build(t, { database }))
  await database.close()
  await unavailableBranch(t, client, uniqueEmail('hey-503'), registered.json().data.access_token)
})
