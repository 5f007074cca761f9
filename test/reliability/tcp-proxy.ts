import net from 'node:net'

/** What happens to connections that arrive while the proxy is cut. */
export type CutMode = 'refuse' | 'blackhole'

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  readonly port: number
  /** The same URL with its host and port pointing at the proxy. */
  url(target: string): string
  /**
   * Destroys every current connection. New ones are then refused (the port stops listening, so
   * clients see ECONNREFUSED) or blackholed (accepted and never answered, like a partition).
   */
  cut(mode?: CutMode): Promise<void>
  /** Delays every chunk, both ways, by `ms` (order kept). 0 forwards at once. */
  slow(ms: number): void
  /** Forwards normally again, without delay, on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export interface ProxyOptions {
  targetHost?: string
  targetPort?: number
}

/**
 * A TCP proxy in front of a real server, for building faults that would otherwise need the server
 * itself stopped: the shared database stays up while the service loses its way to it.
 */
export async function startProxy({
  targetHost = '127.0.0.1',
  targetPort = 5432,
}: ProxyOptions = {}): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>()
  let state: 'open' | CutMode = 'open'
  let delayMs = 0

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    client.on('error', () => {})
    const pair: { client: net.Socket; upstream?: net.Socket } = { client }
    pairs.add(pair)
    client.once('close', () => {
      pairs.delete(pair)
      pair.upstream?.destroy()
    })
    // A blackholed connection is held open and never read or answered.
    if (state === 'blackhole') return

    const upstream = net.connect({ host: targetHost, port: targetPort })
    pair.upstream = upstream
    upstream.on('error', () => client.destroy())
    upstream.once('close', () => client.destroy())
    forward(client, upstream)
    forward(upstream, client)
    client.resume()
  })

  /** Copies chunks from one socket to the other, each one `delayMs` late, in their order. */
  function forward(from: net.Socket, to: net.Socket) {
    let lastDelivery = 0
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0 && lastDelivery <= Date.now()) {
        to.write(chunk)
        return
      }
      const deliverAt = Math.max(lastDelivery, Date.now() + delayMs)
      lastDelivery = deliverAt
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk)
      }, deliverAt - Date.now())
    })
    from.once('end', () => {
      const wait = Math.max(0, lastDelivery - Date.now())
      setTimeout(() => to.end(), wait)
    })
  }

  await listen(server, 0)
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address')
  const port = address.port

  function destroyAll() {
    for (const { client, upstream } of pairs) {
      client.destroy()
      upstream?.destroy()
    }
    pairs.clear()
  }

  return {
    port,
    url(target: string) {
      const url = new URL(target)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    async cut(mode: CutMode = 'refuse') {
      state = mode
      destroyAll()
      if (mode === 'refuse' && server.listening) await closeServer(server)
    },
    slow(ms: number) {
      delayMs = ms
    },
    async restore() {
      delayMs = 0
      const wasCut = state !== 'open'
      state = 'open'
      // Blackholed connections never reached the server: drop them so their clients retry.
      if (wasCut) destroyAll()
      if (!server.listening) await listen(server, port)
    },
    async close() {
      state = 'refuse'
      destroyAll()
      if (server.listening) await closeServer(server)
    },
  }
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** Stops listening; resolves once no connection is left (every one has been destroyed before). */
function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
