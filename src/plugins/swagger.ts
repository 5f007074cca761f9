import { createHash } from 'node:crypto'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { EXAMPLE_PATH } from '../schemas/responses.js'
import { withoutApiHeaders } from './security-headers.js'

export interface SwaggerOptions {
  version: string
}

/** The page's one inline script: the policy below allows exactly this text, by its hash. */
const DOCS_SCRIPT = `
      window.onload = () => {
        window.ui = SwaggerUIBundle({
          url: new URL('json', window.location.href).href,
          dom_id: '#swagger-ui',
          deepLinking: true,
          presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
          layout: 'StandaloneLayout',
          validatorUrl: null,
          // The document names where the service usually runs (for generated clients); "Try it out" on
          // this page talks to the server that served it.
          requestInterceptor: (request) => {
            const url = new URL(request.url, window.location.href)
            request.url = window.location.origin + url.pathname + url.search
            return request
          },
        })
      }
    `

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Account and token service: API documentation</title>
    <link rel="stylesheet" type="text/css" href="./static/swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="./static/index.css" />
    <link rel="icon" type="image/png" href="./static/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./static/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="./static/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script>${DOCS_SCRIPT}</script>
  </body>
</html>
`

/** The files of Swagger UI the page loads: nothing else under /swagger/static/ is served. */
const DOCS_ASSETS = new Set([
  'swagger-ui.css',
  'index.css',
  'favicon-32x32.png',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
])

/**
 * The documentation's browser policy: scripts, styles and everything the page fetches come from this
 * server; the inline start-up script is allowed by its hash; Swagger UI styles elements inline and
 * draws icons as data: images. Nobody may frame it (clickjacking on "Try it out").
 */
const DOCS_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(DOCS_SCRIPT).digest('base64')}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The TLS terminator's to set: see plugins/security-headers.ts.
  strictTransportSecurity: false,
} as const

/**
 * A full URL, not `/`: generators join the server and the path, and `/` + `/api/v1/…` made `//api/v1/…`,
 * which a browser sends to a host named `api`. Not a template either: generators take the first
 * server's URL as their client's default base URL, as it is written. `x-internal` (an extension, so
 * declared apart from the typed options) says the audience: a self-hosted service's own deployments
 * and clients, which set their deployment's URL as their client's base URL.
 */
const SERVER = {
  url: 'http://127.0.0.1:8080',
  description:
    'Local development (the default SERVER_PORT); a staging or production client sets its deployment’s URL as its base URL',
  'x-internal': false,
}

/**
 * The OpenAPI 3.1 document, built from the routes' TypeBox schemas, at /swagger/json, and Swagger UI at
 * /swagger/index.html with its bundled assets (no outside network). Schemas with an `$id` become
 * named components.
 */
export default fp<SwaggerOptions>(
  async (app, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Account and token service',
          version: options.version,
          description: API_DESCRIPTION,
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [SERVER],
        tags: [
          { name: 'auth', description: 'Registration, login, token refresh and logout' },
          { name: 'mfa', description: 'The second factor: TOTP, recovery codes and the login’s second step' },
          {
            name: 'passkeys',
            description:
              'WebAuthn passkeys: add, list, rename and delete them, and sign in with one (no email, no password)',
          },
          { name: 'users', description: 'User records and the administrators’ list' },
          { name: 'audit', description: 'The audit trail of security events (administrators only)' },
          { name: 'todos', description: 'Per-user todos (plain bodies, no envelope)' },
          { name: 'health', description: 'Unauthenticated probes (no envelope, not rate limited)' },
          {
            name: 'keys',
            description: 'Public keys that verify access tokens: a JWK Set (no envelope, not rate limited)',
          },
        ],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'An access token from login, register or refresh, as `Authorization: Bearer <token>`. Its handling follows RFC8725 (JWT Best Current Practices): each key verifies with its one algorithm (HS256, ES256 or EdDSA), so `alg: none` and algorithm substitution are refused; the signature and `exp` are always checked, with no clock tolerance.',
            },
          },
        },
      },
      transform: ({ schema, url }) => ({ schema: withExamplePaths(schema, url), url }),
      transformObject: (document) =>
        withRequiredHeaders(
          withoutValidationKeywords('openapiObject' in document ? document.openapiObject : document.swaggerObject),
        ),
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
    })

    // docs/contract.md: the documentation is exempt from the rate limiter, its document and assets included.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, rateLimit: false }
      })
      // helmet sets the documentation's policy on the raw response, where the reply's own headers (the
      // API's policy among them) would overwrite it: the API's go.
      docs.addHook('onRequest', (_request, reply, done) => {
        withoutApiHeaders(reply)
        done()
      })
      await docs.register(helmet, DOCS_HEADERS)
      // Swagger UI ships a second page of its own (static/index.html and its initializer, the OAuth
      // redirect page): only the assets our page loads are served.
      docs.addHook('onRequest', (request, reply, done) => {
        const route = request.routeOptions.url ?? ''
        if (!route.startsWith('/swagger/static/')) return done()
        const file = route === '/swagger/static/*' ? (request.params as { '*'?: string })['*'] : undefined
        if (file !== undefined && DOCS_ASSETS.has(file)) return done()
        reply.callNotFound()
      })
      await docs.register(swaggerUi, {
        routePrefix: '/swagger',
        uiConfig: { validatorUrl: null },
        uiHooks: {
          // docs/contract.md: /swagger/ leads to /swagger/index.html; the plugin's own page stays unused.
          onRequest: async (request, reply) => {
            if (request.routeOptions.url === '/swagger' || request.routeOptions.url === '/swagger/')
              return reply.redirect('/swagger/index.html')
          },
        },
      })
      docs.get('/swagger/index.html', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
      )
    })
  },
  { name: 'swagger' },
)

/** An example path for a route: `/api/v1/users/:id` → `/api/v1/users/42`. */
const examplePath = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, (name) =>
    name === ':id' && url.includes('/sessions/') ? '5f0c9a5e-3d1b-4a9e-9b8c-2e7d6f1a0b3c' : '42',
  )

/**
 * Error examples are written once for every route (src/schemas/responses.ts); each gets its own
 * route's path here. Returns a copy: the schemas Fastify serialises with stay untouched.
 */
function withExamplePaths<T>(schema: T, url: string): T {
  const text = JSON.stringify(schema ?? null)
  if (!text.includes(EXAMPLE_PATH)) return schema
  return {
    ...schema,
    response: JSON.parse(text.replaceAll(`"${EXAMPLE_PATH}"`, JSON.stringify(examplePath(url)))).response,
  }
}

/**
 * @fastify/swagger copies a response header's schema as it is; a header the service always sends is
 * marked `x-required` in its schema and becomes `required: true` on the header here.
 */
function withRequiredHeaders<T>(document: T): T {
  const paths =
    (
      document as {
        paths?: Record<
          string,
          Record<
            string,
            {
              responses?: Record<
                string,
                { headers?: Record<string, { required?: boolean; schema?: Record<string, unknown> }> }
              >
            }
          >
        >
      }
    ).paths ?? {}
  for (const item of Object.values(paths))
    for (const operation of Object.values(item))
      for (const response of Object.values(operation.responses ?? {}))
        for (const header of Object.values(response.headers ?? {})) {
          if (header.schema?.['x-required'] !== true) continue
          delete header.schema['x-required']
          header.required = true
        }
  return document
}

/**
 * `transform` (ajv-keywords), `maxBytes` and `nonEmpty` (ours) steer validation but are not OpenAPI
 * keywords: the document drops `transform`, carries a byte limit as the `x-maxBytes` extension and
 * `nonEmpty` as `minLength: 1`. Returns a copy:
 * the route schemas the validators use stay untouched.
 */
function withoutValidationKeywords<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutValidationKeywords) as T
  if (typeof node !== 'object' || node === null) return node
  const { transform: _transform, maxBytes, nonEmpty, ...rest } = node as Record<string, unknown>
  const isString = rest.type === 'string'
  const copy: Record<string, unknown> = {}
  if (isString && nonEmpty === true) copy.minLength = 1
  for (const [key, value] of Object.entries(isString ? rest : node)) copy[key] = withoutValidationKeywords(value)
  if (isString && typeof maxBytes === 'number') copy['x-maxBytes'] = maxBytes
  return copy as T
}

const API_DESCRIPTION = `Registration, login, rotating refresh tokens with reuse detection, users and roles,
per-user todos and health probes.

**Envelope.** Every route under \`/api/v1\` except the todo routes answers with
\`{ success, data, meta }\` on success and \`{ success: false, error }\` on failure, where \`error\` has
\`code\`, \`message\`, \`details\`, \`timestamp\`, \`path\` and \`request_id\`. Todo routes answer with plain
bodies and \`{ error }\` on failure. Health probes answer with plain bodies.

**Request ids.** Every response carries \`X-Request-ID\`: the caller's value when it is 1 to 128
characters of \`[A-Za-z0-9._:-]\`, otherwise a new UUID.

**Bodies.** JSON only, at most 64 KiB (413 \`PAYLOAD_TOO_LARGE\` beyond). Malformed JSON or another
content type is a 400 \`VALIDATION_ERROR\` with the message \`Invalid request data format\`. Unknown
body fields are ignored.

**Caching.** Answers that carry tokens (register, login, refresh) send \`Cache-Control: no-store\`.`
