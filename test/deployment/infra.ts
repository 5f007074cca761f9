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
import postgres from 'postgres'
import type { Test } from 'tap'

/** Why a test of this kind cannot run here, or false. */
export function missing(...tools: ('pgbouncer' | 'haproxy' | 'postgres')[]): string | false {
  const paths = {
    pgbouncer: ['/usr/sbin/pgbouncer'],
    haproxy: ['/usr/sbin/haproxy'],
    postgres: ['initdb', 'postgres', 'pg_ctl', 'pg_basebackup', 'pg_isready'].map(postgresBin),
  }
  const absent = tools.filter((tool) => !paths[tool].every((path) => existsSync(path)))
  if (absent.length > 0) return `${absent.join(' and ')} not installed (.ci/run installs it from Debian's packages)`
  if (asRoot && tools.some((tool) => tool !== 'haproxy') && !serviceUserExists())
    return `PostgreSQL and PgBouncer refuse to run as root, and there is no ${SERVICE_USER} user to run them as`
  return false
}

function serviceUserExists(): boolean {
  try {
    serviceIds()
    return true
  } catch {
    return false
  }
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
export async function startPgBouncer(
  t: Test,
  targetPort = 5432,
  poolSize = 4,
  /** Start-up parameters it drops rather than refuses, besides extra_float_digits. */
  ignoreStartupParameters: string[] = [],
): Promise<PgBouncer> {
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
ignore_startup_parameters = ${['extra_float_digits', ...ignoreStartupParameters].join(',')}
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

export interface PostgresServer {
  port: number
  /** The data directory, for pg_ctl. */
  dir: string
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string
}

export interface StreamingPair {
  primary: PostgresServer
  standby: PostgresServer
}

/** The standby's name on the primary: its walreceiver's application_name, listed as synchronous. */
export const STANDBY_NAME = 'standby'

/**
 * A PostgreSQL primary of the test's own and a standby streaming from it synchronously
 * (`synchronous_standby_names` names the standby, `synchronous_commit` stays `on`): a commit the
 * primary acknowledges is flushed on the standby too. Both are stopped, and their data removed, when
 * the test ends.
 */
export async function startPrimaryWithStandby(t: Test): Promise<StreamingPair> {
  const dir = serviceDir(t, 'failover-')
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const primary = server(join(dir, 'primary'), primaryPort)
  const standby = server(join(dir, 'standby'), standbyPort)

  runAsService(postgresBin('initdb'), ['-D', primary.dir, '-U', 'postgres', '-A', 'trust', '--no-sync'])
  // Only on the primary's command line, where pg_basebackup does not copy it from: once promoted, a
  // standby that waited for a standby of its own would hold every commit.
  startPostgres(t, primary, ['-c', `synchronous_standby_names=${STANDBY_NAME}`])
  await waitUntilAccepting(primary)
  runAsService(postgresBin('pg_basebackup'), [
    ...['-D', standby.dir, '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-R', '-X', 'stream', '--no-sync'],
  ])
  startPostgres(t, standby, ['-c', `cluster_name=${STANDBY_NAME}`])
  await waitUntilAccepting(standby)
  await waitUntilStreaming(primary)
  return { primary, standby }
}

/** Runs pg_ctl on the server's data directory: `stop -m immediate` is a crash, `promote` a failover. */
export function pgCtl(server: PostgresServer, ...args: string[]): void {
  runAsService(postgresBin('pg_ctl'), [...args, '-D', server.dir, '-w'])
}

function server(dir: string, port: number): PostgresServer {
  return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` }
}

function startPostgres(t: Test, server: PostgresServer, settings: string[]): void {
  spawnAsService(t, postgresBin('postgres'), [
    ...['-D', server.dir, '-p', String(server.port)],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // The tests crash processes, never the machine: data in the OS's cache survives them.
    ...['-c', 'fsync=off', '-c', 'max_connections=50'],
    ...settings,
  ])
  // pg_ctl first, so a server that ended up out of its process group still stops.
  t.teardown(() => {
    try {
      pgCtl(server, 'stop', '-m', 'immediate')
    } catch {
      // not running
    }
  })
}

async function waitUntilAccepting(server: PostgresServer, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs
  for (;;) {
    try {
      execFileSync(postgresBin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(server.port)])
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL on port ${server.port} did not start: ${error}`)
      await delay(100)
    }
  }
}

async function waitUntilStreaming(primary: PostgresServer, withinMs = 30_000): Promise<void> {
  const sql = postgres(primary.url, { max: 1, onnotice: () => {} })
  try {
    const deadline = Date.now() + withinMs
    for (;;) {
      const rows = await sql`
        SELECT 1 FROM pg_stat_replication
        WHERE application_name = ${STANDBY_NAME} AND state = 'streaming' AND sync_state = 'sync'`
      if (rows.length > 0) return
      if (Date.now() > deadline) throw new Error(`the standby did not stream synchronously within ${withinMs} ms`)
      await delay(100)
    }
  } finally {
    await sql.end()
  }
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
