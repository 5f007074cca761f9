/** Every endpoint of the spec, as Fastify writes its path. */
export const SPEC_ROUTES = [
  ['POST', '/api/v1/auth/register'],
  ['POST', '/api/v1/auth/login'],
  ['POST', '/api/v1/auth/refresh'],
  ['POST', '/api/v1/auth/logout'],
  ['GET', '/api/v1/users/:id'],
  ['PUT', '/api/v1/users/:id'],
  ['DELETE', '/api/v1/users/:id'],
  ['GET', '/api/v1/users'],
  ['POST', '/api/v1/todos'],
  ['GET', '/api/v1/todos'],
  ['GET', '/api/v1/todos/:id'],
  ['PUT', '/api/v1/todos/:id'],
  ['DELETE', '/api/v1/todos/:id'],
  ['GET', '/health'],
  ['GET', '/health/live'],
  ['GET', '/health/ready'],
] as const

/** Routes beyond the spec, each a deliberate addition described in the README. */
export const EXTRA_ROUTES = [
  ['GET', '/api/v1/auth/sessions'],
  ['DELETE', '/api/v1/auth/sessions/:id'],
  ['GET', '/.well-known/jwks.json'],
  ['PUT', '/api/v1/users/:id/password'],
  ['GET', '/api/v1/audit-events'],
  ['GET', '/api/v1/auth/mfa'],
  ['POST', '/api/v1/auth/mfa/totp'],
  ['POST', '/api/v1/auth/mfa/totp/confirm'],
  ['DELETE', '/api/v1/auth/mfa/totp'],
  ['POST', '/api/v1/auth/mfa/verify'],
  ['DELETE', '/api/v1/users/:id/mfa'],
  ['POST', '/api/v1/auth/passkeys/registration/options'],
  ['POST', '/api/v1/auth/passkeys/registration'],
  ['GET', '/api/v1/auth/passkeys'],
  ['PATCH', '/api/v1/auth/passkeys/:id'],
  ['DELETE', '/api/v1/auth/passkeys/:id'],
  ['POST', '/api/v1/auth/passkeys/authentication/options'],
  ['POST', '/api/v1/auth/passkeys/authentication'],
  ['POST', '/api/v1/auth/password-reset'],
  ['POST', '/api/v1/auth/password-reset/confirm'],
  ['POST', '/api/v1/auth/email/verification'],
  ['POST', '/api/v1/auth/email/verify'],
] as const

/** `/api/v1/users/:id` → `/api/v1/users/{id}`, as OpenAPI (and so the documentation page) writes it. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')
