import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { TrustProxy } from './config.js'

/**
 * docs/contract.md: the client address is the peer address as the connection was accepted. Node reads a
 * socket's peer lazily, and once the connection has been reset there is none left to read, so a
 * request still in the handlers would lose its address (and the rate limiter would count it under the
 * key shared by requests without one). Fixing the address on the socket when it is accepted keeps
 * `request.ip`, and the trusted-proxy rules that start from it, stable for the connection's lifetime.
 */
export function keepPeerAddress(server: Server) {
  server.prependListener('connection', (socket: Socket) => {
    const { remoteAddress, remoteFamily, remotePort } = socket
    Object.defineProperties(socket, {
      remoteAddress: { value: remoteAddress },
      remoteFamily: { value: remoteFamily },
      remotePort: { value: remotePort },
    })
  })
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes Express's rule (the nearest `hops` addresses
 * are proxies): Fastify's own number form trusts no hop at all.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}
