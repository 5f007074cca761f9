import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok } from '../envelope.js'
import { validationFailed } from '../errors.js'
import { mfaRouteSchemas } from '../schemas/mfa-routes.js'
import type { FactorProof } from '../services/accounts/factors.js'
import { actorOf } from './actor.js'
import { keepFromCaches } from './no-store.js'
import { toLoginAnswer, toSecondFactorStatus } from './wire.js'

/** A body's proof: exactly one of `code` and `recovery_code` (the schema cannot say "one of" clearly). */
export function proofOf(body: { code?: string; recovery_code?: string }): FactorProof {
  if (body.code !== undefined && body.recovery_code === undefined) return { code: body.code }
  if (body.recovery_code !== undefined && body.code === undefined) return { recoveryCode: body.recovery_code }
  throw validationFailed({ Code: 'Code or RecoveryCode is required (one of them)' })
}

/** The caller's second factor under /api/v1/auth/mfa (docs/contract.md, Second factor). */
const mfaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  keepFromCaches(app)

  app.post('/verify', { schema: mfaRouteSchemas.verifySecondFactor }, async (request) => {
    const { mfa_token } = request.body
    return ok(toLoginAnswer(await app.accounts.verifySecondFactor(mfa_token, proofOf(request.body), actorOf(request))))
  })

  app.get('', { onRequest: app.authenticate, schema: mfaRouteSchemas.secondFactorStatus }, async (request) =>
    ok(toSecondFactorStatus(await app.accounts.secondFactorStatus(request.user.user_id))),
  )

  app.post('/totp', { onRequest: app.authenticate, schema: mfaRouteSchemas.startTotpEnrolment }, async (request) => {
    const enrolment = await app.accounts.startTotpEnrolment(
      request.user.user_id,
      request.body.password,
      actorOf(request),
    )
    return ok({ secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri })
  })

  app.post('/totp/confirm', { onRequest: app.authenticate, schema: mfaRouteSchemas.confirmTotp }, async (request) =>
    ok({ recovery_codes: await app.accounts.confirmTotp(request.user.user_id, request.body.code, actorOf(request)) }),
  )

  app.delete('/totp', { onRequest: app.authenticate, schema: mfaRouteSchemas.removeTotp }, async (request, reply) => {
    const { password } = request.body
    await app.accounts.removeTotp(request.user.user_id, password, proofOf(request.body), actorOf(request))
    return reply.status(204).send(null)
  })
}

export default mfaRoutes
