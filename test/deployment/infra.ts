/**
 * The real parts of a multi-instance deployment, started by a test on ports of its own and stopped
 * when it ends: PgBouncer, HAProxy, and a PostgreSQL primary with a streaming standby. The machine's
 * own PostgreSQL is only ever a target, never reconfigured. Installed by .ci/run from Debian's packages.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { Test } from 'tap'

/** Why a test of this kind cannot run here, or false. */
export function missing(...tools: ('pgbouncer' | 'haproxy' | 'postgres')[]): string | false {
  const paths = { pgbouncer: '/usr/sbin/pgbouncer', haproxy: '/usr/sbin/haproxy', postgres: postgresBin('initdb') }
  const absent = tools.filter((tool) => !existsSync(paths[tool]))
  return absent.length > 0
    ? `${absent.join(' and ')} not installed (.ci/run installs it from Debian's packages)`
    : false
}

/** A port nobody listens on now (asked of the OS). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** PostgreSQL and PgBouncer refuse to run as root: they run as the `postgres` user then. */
const asRoot = process.getuid?.() === 0
const SERVICE_USER = 'postgres'

/** A directory the service user can write to, removed when the test ends. */
export function serviceDir(t: Test, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  if (asRoot) chownSync(dir, ...serviceIds())
  chmodSync(dir, 0o700)
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Runs a program as the service user (when root), to completion. */
export function runAsService(command: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', SERVICE_USER, '--', command, ...args]] : [command, args]
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString()
}

/**
 * Starts a long-running program as the service user, in a process group of its own: killing the
 * group (SIGKILL) when the test ends reaches the program under runuser too.
 */
export function spawnAsService(t: Test, command: string, args: string[]): ChildProcess {
  const [file, argv] = asRoot ? ['runuser', ['-u', SERVICE_USER, '--', command, ...args]] : [command, args]
  const child = spawn(file, argv, { stdio: 'ignore', detached: true })
  t.teardown(() => killGroup(child))
  return child
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

/** Waits until a TCP connection to the port is accepted. */
export async function waitForPort(port: number, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (accepted) return
    await delay(100)
  }
  throw new Error(`nothing listened on port ${port} within ${withinMs} ms`)
}

export interface PgBouncer {
  port: number
  /** The database URL with host and port pointing at the pooler. */
  url(target: string): string
}

/**
 * PgBouncer in transaction mode in front of `targetPort`, with a small server pool so that
 * transactions keep landing on different server connections, as they do in production.
 */
export async function startPgBouncer(t: Test, targetPort = 5432, poolSize = 4): Promise<PgBouncer> {
  const dir = serviceDir(t, 'pgbouncer-')
  const port = await freePort()
  const ini = join(dir, 'pgbouncer.ini')
  const userlist = join(dir, 'userlist.txt')
  writeFileSync(userlist, '"postgres" ""\n')
  writeFileSync(
    ini,
    `[databases]
* = host=127.0.0.1 port=${targetPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${userlist}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
server_connect_timeout = 5
query_wait_timeout = 10
ignore_startup_parameters = extra_float_digits
logfile = ${join(dir, 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  )
  if (asRoot) for (const file of [ini, userlist]) chownSync(file, ...serviceIds())
  spawnAsService(t, '/usr/sbin/pgbouncer', [ini])
  await waitForPort(port)
  return {
    port,
    url(target: string) {
      const url = new URL(target)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
  }
}

function serviceIds(): [number, number] {
  return [Number(execFileSync('id', ['-u', SERVICE_USER])), Number(execFileSync('id', ['-g', SERVICE_USER]))]
}

export interface HAProxy {
  port: number
  child: ChildProcess
}

/**
 * HAProxy in HTTP mode in front of the instances, with the load balancer settings README recommends:
 * readiness checks every 250 ms, and retries of a request whose connection failed before any answer.
 */
export async function startHAProxy(t: Test, backends: { name: string; port: number }[]): Promise<HAProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const cfg = join(dir, 'haproxy.cfg')
  writeFileSync(cfg, haproxyConfig(port, backends))
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr?.resume()
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  await waitForPort(port)
  return { port, child }
}

export function haproxyConfig(port: number, backends: { name: string; port: number }[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  retry-on conn-failure empty-response response-timeout

frontend api
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  # A check slow to answer on a busy machine is not an instance down: a generous check timeout, and
  # three misses before the balancer gives up on one.
  timeout check 2s
  default-server inter 250ms fall 3 rise 2
${backends.map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check`).join('\n')}
`
}

/** The newest PostgreSQL's programs (Debian keeps them out of PATH). */
export function postgresBin(program: string): string {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : []
  return join(base, versions[0] ?? '0', 'bin', program)
}
