import fp from 'fastify-plugin'
import helmet from 'helmet'

/**
 * What every answer tells a browser, for an API that serves JSON and never a page to frame or a
 * script to run: don't sniff the content type, don't render or frame it, send no referrer. The
 * documentation scope sets its own, wider policy for Swagger UI (plugins/swagger.ts).
 *
 * helmet's middleware is built once here: @fastify/helmet builds it again on every request (tens of
 * microseconds, a measurable share of the cheapest API calls), which is fine for the documentation
 * only. HSTS is left to the TLS terminator in front: over plain HTTP browsers ignore it anyway.
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

export default fp(
  async (app) => {
    // A callback hook: it runs on every request and never waits.
    app.addHook('onRequest', (request, reply, done) => {
      apiHeaders(request.raw, reply.raw, () => done())
    })
  },
  { name: 'security-headers' },
)
