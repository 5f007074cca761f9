import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { freePort, waitForPort } from '../deployment/infra.js'
import { build } from '../helper.js'

const HAPROXY = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
})()

const COUNTED = '/api/v1/nope'
const THREE_PER_MINUTE = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_REQUESTS: '3',
  RATE_LIMIT_WINDOW: '1m',
  SERVER_WRITETIMEOUT: '60s',
}

/** A HAProxy of the test's own in front of `backendPort`, appending the client to X-Forwarded-For. */
async function haproxy(t: Test, backendPort: number): Promise<number> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-test-'))
  const config = join(dir, 'haproxy.cfg')
  writeFileSync(
    config,
    `global
  maxconn 256
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend api
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend service
backend service
  server one 127.0.0.1:${backendPort}
`,
  )
  const child: ChildProcess = spawn(HAPROXY as string, ['-db', '-f', config], { stdio: 'ignore' })
  t.teardown(async () => {
    child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })
  await waitForPort(port)
  return port
}

/**
 * A GET through the proxy from 127.0.0.2: the client must not share the proxy's address, or a list
 * trusting the proxy would take the client for another proxy hop.
 */
function getFromClient(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path: COUNTED, headers, localAddress: '127.0.0.2', agent: false },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    request.on('error', reject)
  })
}

/** Five requests through the proxy, each claiming another client in its own X-Forwarded-For. */
async function forgedThroughProxy(t: Test, trustProxy: string) {
  const app = await build(t, { env: { ...THREE_PER_MINUTE, TRUST_PROXY: trustProxy } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const proxyPort = await haproxy(t, (app.server.address() as AddressInfo).port)
  const statuses = []
  for (let i = 1; i <= 5; i++) {
    statuses.push(await getFromClient(proxyPort, { 'x-forwarded-for': `203.0.113.${i}` }))
  }
  return statuses
}

t.test(
  'behind HAProxy a client cannot pick its own rate-limit key',
  { skip: !HAPROXY && 'haproxy is not installed (.ci/run installs it)' },
  async (t) => {
    t.same(await forgedThroughProxy(t, '1'), [404, 404, 404, 429, 429], 'TRUST_PROXY=1: one bucket, the real client')
    t.same(
      await forgedThroughProxy(t, '127.0.0.1/32'),
      [404, 404, 404, 429, 429],
      'TRUST_PROXY=<the proxy address>: one bucket, the real client',
    )
    // Why the README warns about `true` in front of a proxy that appends: every forged address is a new key.
    t.same(await forgedThroughProxy(t, 'true'), [404, 404, 404, 404, 404], 'TRUST_PROXY=true trusts the forgery')
  },
)
