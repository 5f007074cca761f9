import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { clientKey } from '../../src/rate-limit/client-key.js'
import { build, captureLogs, fileDatabase, testConfig } from '../helper.js'

t.test('a request whose connection is reset keeps the address it was accepted from', async (t) => {
  const app = await buildApp({ config: testConfig(), database: await fileDatabase() })
  t.teardown(() => app.close())

  let started: () => void = () => {}
  const handlerStarted = new Promise<void>((resolve) => {
    started = resolve
  })
  const seen = new Promise<{ ip: string; key: string }>((resolve) => {
    // A route of the test's own, so it can wait in the handler until the server has seen the reset.
    app.get('/test/after-reset', { config: { rateLimit: false } }, async (request) => {
      const socket = request.raw.socket
      started()
      while (!socket.destroyed) await delay(10)
      resolve({ ip: request.ip, key: clientKey(request) })
      return {}
    })
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo

  const client = connect(port, '127.0.0.1')
  await once(client, 'connect')
  client.write('GET /test/after-reset HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.66\r\n\r\n')
  await handlerStarted
  client.resetAndDestroy()

  const { ip, key } = await seen
  t.equal(ip, '127.0.0.1', 'request.ip is still the peer')
  t.equal(key, '127.0.0.1', 'the rate-limit key never falls back to the forged header')
})

t.test('TRUST_PROXY=true warns once at start-up that a client can choose its own address', async (t) => {
  const warnings = async (trust: string) => {
    const logs = captureLogs()
    await build(t, { env: { TRUST_PROXY: trust, LOG_LEVEL: 'warn' }, logStream: logs.stream })
    return logs.lines.filter((line) => line.setting === 'TRUST_PROXY')
  }
  const trusted = await warnings('true')
  t.equal(trusted.length, 1, 'one line')
  t.match(trusted[0], { level: 40, msg: /a client chooses its own address/ })
  t.same(await warnings('10.0.0.0/8'), [], 'a list of proxies is no such risk')
  t.same(await warnings('1'), [], 'nor is a hop count')
})
