import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok } from '../envelope.js'
import { Message } from '../errors.js'
import { passkeyRouteSchemas } from '../schemas/passkeys-routes.js'
import { actorOf } from './actor.js'
import { keepFromCaches } from './no-store.js'
import { toLoginSession, toPasskey } from './wire.js'

/**
 * Passkeys under /api/v1/auth/passkeys (docs/contract.md, Second factor): a signed-in user adds, lists,
 * renames and deletes them; anyone signs in with one. Each ceremony is options, then the browser's
 * credential as `toJSON()` made it.
 */
const passkeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  keepFromCaches(app)
  const signedIn = { onRequest: app.authenticate }
  const byId = { ...signedIn, config: { invalidParamsMessage: Message.INVALID_PASSKEY_ID } }

  app.post('/authentication/options', { schema: passkeyRouteSchemas.authenticationOptions }, async () =>
    ok(await app.accounts.passkeyAuthenticationOptions()),
  )

  app.post('/authentication', { schema: passkeyRouteSchemas.authenticate }, async (request) =>
    ok(toLoginSession(await app.accounts.signInWithPasskey(request.body, actorOf(request)))),
  )

  app.post(
    '/registration/options',
    {
      ...signedIn,
      // Every field is optional, so no body at all asks for the defaults.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: passkeyRouteSchemas.registrationOptions,
    },
    async (request) => ok(await app.accounts.passkeyRegistrationOptions(request.user.user_id, request.body.name)),
  )

  app.post('/registration', { ...signedIn, schema: passkeyRouteSchemas.register }, async (request, reply) => {
    const passkey = await app.accounts.registerPasskey(request.user.user_id, request.body, actorOf(request))
    return reply.status(201).send(ok(toPasskey(passkey)))
  })

  app.get('', { ...signedIn, schema: passkeyRouteSchemas.list }, async (request) =>
    ok((await app.accounts.listPasskeys(request.user.user_id)).map(toPasskey)),
  )

  app.patch('/:id', { ...byId, schema: passkeyRouteSchemas.rename }, async (request) =>
    ok(
      toPasskey(
        await app.accounts.renamePasskey(request.user.user_id, request.params.id, request.body.name, actorOf(request)),
      ),
    ),
  )

  app.delete('/:id', { ...byId, schema: passkeyRouteSchemas.remove }, async (request, reply) => {
    await app.accounts.deletePasskey(request.user.user_id, request.params.id, actorOf(request))
    return reply.status(204).send(null)
  })
}

export default passkeyRoutes
