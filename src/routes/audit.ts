import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, requestPath } from '../envelope.js'
import { pageMeta } from '../pagination.js'
import type { ListAuditEventsQuery } from '../schemas/audit.js'
import { auditRouteSchemas } from '../schemas/audit-routes.js'
import { toAuditEvent } from './wire.js'

/** The audit trail under /api/v1/audit-events: administrators only, read-only. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.requireAdmin)

  app.get('', { schema: auditRouteSchemas.listAuditEvents }, async (request) => {
    // Validation filled in the defaults of the paging fields.
    const query = request.query as ListAuditEventsQuery
    const { events, total } = await app.audit.list({
      page: query.page,
      perPage: query.per_page,
      userId: query.user_id,
      type: query.type,
      since: query.since === undefined ? undefined : new Date(query.since),
      until: query.until === undefined ? undefined : new Date(query.until),
    })
    const filters = { user_id: query.user_id, type: query.type, since: query.since, until: query.until }
    return ok(events.map(toAuditEvent), pageMeta(requestPath(request), query, total, filters))
  })
}

export default auditRoutes
