import { Type } from '@sinclair/typebox'
import { Envelope, PageMetaSchema } from '../envelope.js'
import { AuditEventSchema, ListAuditEventsQuerySchema } from './audit.js'
import { MAX_PER_PAGE } from './common.js'
import { bearer401, Examples, enveloped, failure, notAdmin, Sample, success } from './responses.js'

/** The audit routes' validation and OpenAPI documentation, one entry per operation (routes/audit.ts). */
export const auditRouteSchemas = {
  listAuditEvents: {
    tags: ['audit'],
    operationId: 'listAuditEvents',
    summary: 'List audit events (administrators only), newest first, paginated',
    description:
      'Security events: registrations, logins and failed logins (with the reason), refresh-token reuse, ' +
      'logouts, session sign-outs, password changes, deletions, role changes by the administration tools, ' +
      'and administrators’ reads and changes of other users. Kept for `AUDIT_RETENTION`.',
    security: [{ bearerAuth: [] }],
    querystring: ListAuditEventsQuerySchema,
    response: enveloped({
      200: success(
        Envelope(Type.Array(Type.Ref(AuditEventSchema), { maxItems: MAX_PER_PAGE }), PageMetaSchema),
        'One page of events, newest first, with the page in `meta`',
        Sample.envelope(
          [
            {
              id: 42,
              occurred_at: '2026-11-22T10:00:00.000Z',
              type: 'login.failed',
              user_id: 7,
              actor_id: null,
              client_ip: '203.0.113.9',
              user_agent: 'Mozilla/5.0',
              request_id: '0f6c2a9e-5d1b-4c0e-9a53-1f8e2b7c6d40',
              details: { reason: 'wrong_password', email: 'ada@example.com' },
            },
          ],
          {
            page: 1,
            per_page: 20,
            total: 1,
            total_pages: 1,
            links: {
              self: '/api/v1/audit-events?page=1&per_page=20',
              first: '/api/v1/audit-events?page=1&per_page=20',
              last: '/api/v1/audit-events?page=1&per_page=20',
              next: null,
              prev: null,
            },
          },
        ),
      ),
      400: failure('`Validation failed`: a query value is out of range or unknown', [
        Examples.validation({ Type: 'Type must be one of the listed event types' }),
      ]),
      401: bearer401,
      403: notAdmin,
    }),
  },
}
