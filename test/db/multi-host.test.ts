/**
 * A multi-host DATABASE_URL: the service tries the hosts in order for the session kind the URL asks,
 * skipping one that is down, and fails a query at once when none qualifies (postgres.js's own host loop
 * held it forever). The failover itself is test/deployment/failover.test.ts.
 */
import t from 'tap'
import { createDatabase } from '../../src/db/client.js'
import { isConnectionFailure } from '../../src/db/errors.js'
import { hostRouting } from '../../src/db/multi-host.js'
import { freePort } from '../deployment/infra.js'
import { backend, emptyDatabase, testConfig } from '../helper.js'

const skip = backend('postgres', 'several PostgreSQL hosts')
const CONNECT_TIMEOUT_S = 2

/** The URL with `hosts` in place of its one host, asking for a primary. */
function multiHost(url: string, hosts: string[], attrs = 'primary'): string {
  const parsed = new URL(url)
  return `postgres://${parsed.username}@${hosts.join(',')}${parsed.pathname}?target_session_attrs=${attrs}`
}

t.test('the driver handles a URL it can: one host, or a session kind with a fallback', async (t) => {
  const single = hostRouting('postgres://app@db1:5432/accounts?target_session_attrs=primary', {
    connectTimeoutS: CONNECT_TIMEOUT_S,
  })
  t.same(single.options, {}, 'one host')
  const fallback = hostRouting('postgres://app@db1:5432,db2:5432/accounts?target_session_attrs=prefer-standby', {
    connectTimeoutS: CONNECT_TIMEOUT_S,
  })
  t.same(fallback.options, {}, 'prefer-standby')
  const none = hostRouting('postgres://app@db1:5432,db2:5432/accounts', { connectTimeoutS: CONNECT_TIMEOUT_S })
  t.same(none.options, {}, 'no target_session_attrs')
  await Promise.all([single.close(), fallback.close(), none.close()])
})

t.test('the first host of the list, IPv6 in brackets or a name, with or without a port', async (t) => {
  const v6 = hostRouting('postgres://app@[::1]:6543,db2/accounts?target_session_attrs=primary', {
    connectTimeoutS: CONNECT_TIMEOUT_S,
  })
  t.match(v6.options, { host: '::1', port: 6543 })
  const named = hostRouting('postgres://app@db1,db2:6000/accounts?target_session_attrs=read-write', {
    connectTimeoutS: CONNECT_TIMEOUT_S,
  })
  t.match(named.options, { host: 'db1', port: 5432 })
  await Promise.all([v6.close(), named.close()])
})

t.test('a host that is down is skipped for the next one', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const { host, port } = new URL(url)
  const down = `127.0.0.1:${await freePort()}`
  const database = await createDatabase({
    ...testConfig().database,
    url: multiHost(url, [down, `${host}:${port}`]),
    connectTimeoutMs: CONNECT_TIMEOUT_S * 1000,
    poolMax: 2,
  })
  t.teardown(() => database.close())
  await t.resolves(database.ping(), 'the second host answers as a primary')
})

t.test('with no host to be had, a query fails at once', { skip }, async (t) => {
  const { url } = await emptyDatabase(t)
  const hosts = [`127.0.0.1:${await freePort()}`, `127.0.0.1:${await freePort()}`]
  const database = await createDatabase({
    ...testConfig().database,
    url: multiHost(url, hosts),
    connectTimeoutMs: CONNECT_TIMEOUT_S * 1000,
    poolMax: 2,
  })
  t.teardown(() => database.close())
  const started = performance.now()
  const error = await database.ping().then(
    () => undefined,
    (failure: unknown) => failure,
  )
  t.ok(isConnectionFailure(error), `a connection failure: ${String(error)}`)
  const ms = performance.now() - started
  t.ok(ms < CONNECT_TIMEOUT_S * 1000, `within the connect timeout (${Math.round(ms)} ms)`)
})
