import { userInfo } from 'node:os'
import type { Db } from '../src/db/client.js'
import { withoutQueryParameters } from '../src/db/errors.js'
import { createAuditEventsRepository } from '../src/db/repositories/audit-events.js'
import type { AuditEventType } from '../src/schemas/audit.js'

/**
 * The administration tools' entry in the audit trail for a change they made: written at once (a tool
 * has no request to keep fast), with no actor, naming the tool and the operating-system account that
 * ran it. A change that was made stays reported as made: when the entry cannot be written, a warning
 * goes to stderr and the tool still succeeds.
 */
export async function recordToolEvent(
  db: Db,
  tool: string,
  event: { type: AuditEventType; userId: number; details?: Record<string, unknown> },
): Promise<void> {
  try {
    await createAuditEventsRepository(db).insertMany([
      { type: event.type, userId: event.userId, details: { ...event.details, tool, os_user: osUser() } },
    ])
  } catch (error) {
    const cause = withoutQueryParameters(error)
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim()
    process.stderr.write(`Warning: the audit trail did not record this change: ${reason}\n`)
  }
}

function osUser(): string | null {
  try {
    return userInfo().username
  } catch {
    // A container may run under a user id with no account name.
    return process.env.USER ?? null
  }
}
