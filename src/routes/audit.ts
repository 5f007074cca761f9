import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Envelope, ErrorEnvelopeRef, ok, requestPath } from '../envelope.js'
import { pageLinks } from '../pagination.js'
import {
  AuditEventSchema,
  type ListAuditEventsQuery,
  ListAuditEventsQuerySchema,
  toAuditEvent,
} from '../schemas/audit.js'

/** The audit trail under /api/v1/audit-events: administrators only, read-only. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.requireRole('admin'))

  app.get(
    '',
    {
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEvents',
        summary: 'List audit events (administrators only), newest first, paginated',
        description:
          'Security events: registrations, logins and failed logins (with the reason), refresh-token reuse, ' +
          'logouts, session sign-outs, password changes, deletions, role changes by the administration tools, ' +
          'and administrators’ reads and changes of other users. Kept for `AUDIT_RETENTION`.',
        security: [{ bearerAuth: [] }],
        querystring: ListAuditEventsQuerySchema,
        response: {
          200: Envelope(Type.Array(Type.Ref(AuditEventSchema))),
          400: ErrorEnvelopeRef,
          401: ErrorEnvelopeRef,
          403: ErrorEnvelopeRef,
          500: ErrorEnvelopeRef,
        },
      },
    },
    async (request) => {
      // Validation filled in the defaults of the paging fields.
      const query = request.query as ListAuditEventsQuery
      const { events, total } = await app.auditEvents.list({
        page: query.page,
        perPage: query.per_page,
        userId: query.user_id,
        type: query.type,
        since: query.since === undefined ? undefined : new Date(query.since),
        until: query.until === undefined ? undefined : new Date(query.until),
      })
      const totalPages = Math.ceil(total / query.per_page)
      return ok(events.map(toAuditEvent), {
        page: query.page,
        per_page: query.per_page,
        total,
        total_pages: totalPages,
        links: pageLinks(
          requestPath(request),
          { page: query.page, perPage: query.per_page, totalPages },
          { user_id: query.user_id, type: query.type, since: query.since, until: query.until },
        ),
      })
    },
  )
}

export default auditRoutes
