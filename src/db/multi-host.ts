import net from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import postgres from 'postgres'

/** How the pool reaches the hosts of a multi-host DATABASE_URL. */
export interface HostRouting {
  /** Client options that replace the URL's host list; none for a URL the driver handles alone. */
  options: {
    host?: string
    port?: number
    /** postgres.js's custom socket: documented, missing from its types. */
    socket?: () => Promise<net.Socket>
  }
  /**
   * For a URL that asks for a primary (`primary`, `read-write`): true when no host is one now but a host
   * answers all the same, a standby. A connection failure is then a read-only database, not a missing
   * one.
   */
  onlyStandbys(): Promise<boolean>
  close(): Promise<void>
}

/** The kinds of session a host either opens or not: prefer-standby and any need the driver's fallback. */
const STRICT_ATTRS = ['primary', 'read-write', 'standby', 'read-only']

interface Host {
  host: string
  port: number
}

/**
 * A multi-host DATABASE_URL with `target_session_attrs`, the hosts tried here rather than by
 * postgres.js. Its own host loop (3.4.9) never gives up while no host qualifies: between a primary's
 * crash and a standby's promotion every waiting connection redialled the standby without pause (over
 * 400 connections a second) and a query waited for the request deadline instead of failing within
 * DATABASE_CONNECT_TIMEOUT.
 *
 * Here the driver sees one host, so a failed connection fails its query at once and the pool's backoff
 * applies, and each new connection asks a socket of the first host in the URL's order that opens a
 * session of the wanted kind now (a one-connection client per host asks it, with the driver's own
 * `target_session_attrs` check). With none, the connection goes to the first host, where that same
 * check or the refused connection fails it like any unreachable database.
 */
export function hostRouting(url: string, settings: { connectTimeoutS: number }): HostRouting {
  const hosts = parseHosts(url)
  const attrs = new URLSearchParams(url.split('?')[1] ?? '').get('target_session_attrs') ?? ''
  if (hosts.length < 2 || !STRICT_ATTRS.includes(attrs))
    return { options: {}, onlyStandbys: async () => false, close: async () => {} }

  const probe = (url: string, { host, port }: Host) =>
    postgres(url, {
      host,
      port,
      max: 1,
      connect_timeout: settings.connectTimeoutS,
      idle_timeout: 30,
      // No pause of its own: the pool's reconnect pause and the one shared round pace the probes, and
      // a growing pause here would hide a standby just promoted.
      backoff: () => 0,
      prepare: false,
      onnotice: () => {},
    })
  const probes = hosts.map((host) => probe(url, host))
  /** Asked only once no host qualifies: whether any answers a session of any kind. */
  let anyKind: postgres.Sql[] | undefined
  // A host that vanished without closing the probe's connection answers nothing: it does not qualify
  // once the connect timeout has passed.
  const qualifies = (probe: postgres.Sql) =>
    Promise.race([
      probe.unsafe('SELECT 1').then(
        () => true,
        () => false,
      ),
      delay(settings.connectTimeoutS * 1000, false, { ref: false }),
    ])

  let pending: Promise<Host> | undefined
  /** Every host asked at once; the first in order that qualifies wins. Concurrent callers share one round. */
  const choose = () => {
    pending ??= (async () => {
      const answers = probes.map(qualifies)
      for (const [index, answer] of answers.entries()) if (await answer) return hosts[index] as Host
      return hosts[0] as Host
    })().finally(() => {
      pending = undefined
    })
    return pending
  }

  const [first] = hosts as [Host]
  return {
    options: {
      host: first.host,
      port: first.port,
      // Connecting, not connected: the driver's connect timeout and error handling cover the rest.
      socket: async () => {
        const { host, port } = await choose()
        return net.connect({ host, port })
      },
    },
    onlyStandbys: async () => {
      if (attrs !== 'primary' && attrs !== 'read-write') return false
      if ((await Promise.all(probes.map(qualifies))).some(Boolean)) return false
      anyKind ??= hosts.map((host) => probe(withoutSessionAttrs(url), host))
      return (await Promise.all(anyKind.map(qualifies))).some(Boolean)
    },
    close: async () => {
      await Promise.all([...probes, ...(anyKind ?? [])].map((probe) => probe.end({ timeout: 1 })))
    },
  }
}

/** The URL's `host:port,host:port` list, as postgres.js reads it (port 5432 where none is given). */
function parseHosts(url: string): Host[] {
  const authority = url.slice(url.indexOf('://') + 3).split(/[/?]/)[0] ?? ''
  const list = decodeURIComponent(authority.slice(authority.indexOf('@') + 1))
  return list.split(',').map((entry) => {
    // `[::1]:5433` for an IPv6 address, `db1:5433` or `db1` otherwise.
    const [, host = '', port] = /^\[(.+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]*)(?::(\d+))?$/.exec(entry) ?? []
    return { host, port: port ? Number(port) : 5432 }
  })
}

/** The URL without its `target_session_attrs`: a session of any kind. */
function withoutSessionAttrs(url: string): string {
  const [base, query = ''] = url.split('?') as [string, string?]
  const params = new URLSearchParams(query)
  params.delete('target_session_attrs')
  const rest = params.toString()
  return rest ? `${base}?${rest}` : base
}
