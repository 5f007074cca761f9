import fp from 'fastify-plugin'
import { createSecurityEvents, type SecurityEvents } from '../services/security-events.js'

declare module 'fastify' {
  interface FastifyInstance {
    securityEvents: SecurityEvents
  }
}

/**
 * Decorates `app.securityEvents`: this app's recorder of what happens to accounts. The services record
 * on it; the audit trail and the metrics subscribe to it, so two apps in one process never hear each
 * other's events.
 */
export default fp(
  async (app) => {
    app.decorate('securityEvents', createSecurityEvents())
  },
  { name: 'security-events' },
)
