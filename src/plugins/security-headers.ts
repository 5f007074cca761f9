import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

/**
 * What every answer tells a browser, for an API that serves JSON and never a page to frame or a
 * script to run: don't sniff the content type, don't render or frame it, send no referrer. The
 * documentation scope sets its own, wider policy for Swagger UI (plugins/swagger.ts).
 *
 * helmet chooses these headers; it is run once, at start-up, and every answer gets what it wrote. Its
 * middleware per request (and @fastify/helmet, which also builds it anew each time) cost several
 * percent of the CPU of the cheapest API calls for headers that never change, which is fine for the
 * documentation only. HSTS is left to the TLS terminator in front: over plain HTTP browsers ignore it.
 */
const apiHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xContentTypeOptions: true,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
})

/** What helmet's middleware sets on any response: its headers do not depend on the request. */
function headersOf(middleware: typeof apiHeaders): [string, string][] {
  const set: [string, string][] = []
  const response = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: () => {},
  }
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return set
}

const API_HEADERS = headersOf(apiHeaders)

export default fp(
  async (app) => {
    // A callback hook: it runs on every request and never waits. Among the reply's headers rather than
    // set on the raw response: a response with none of those goes out in one pass over Fastify's
    // headers, where one raw header had Node set every other header on it one by one.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of API_HEADERS) reply.header(name, value)
      done()
    })
  },
  { name: 'security-headers' },
)

/** Takes the API's headers off a reply whose scope sets a policy of its own on the raw response (the documentation). */
export function withoutApiHeaders(reply: FastifyReply): void {
  for (const [name] of API_HEADERS) reply.removeHeader(name)
}
