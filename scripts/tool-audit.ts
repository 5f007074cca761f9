import { userInfo } from 'node:os'
import { withoutQueryParameters } from '../src/db/errors.js'
import { createAuditEventsRepository } from '../src/db/repositories/audit-events.js'
import type { AuditEventType } from '../src/schemas/audit.js'
import type { Tool } from './cli.js'

/**
 * The administration tools' entry in the audit trail for a change they made: written at once (a tool
 * has no request to keep fast), with no actor, naming the tool and the operating-system account that
 * ran it. A change that was made stays reported as made: when the entry cannot be written, a warning
 * goes to stderr and the tool still succeeds.
 */
export async function recordToolEvent(
  tool: Tool,
  name: string,
  event: { type: AuditEventType; userId: number; details?: Record<string, unknown> },
): Promise<void> {
  try {
    await createAuditEventsRepository((await tool.database()).db).insertMany([
      { type: event.type, userId: event.userId, details: { ...event.details, tool: name, os_user: osUser() } },
    ])
  } catch (error) {
    const cause = withoutQueryParameters(error)
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim()
    tool.warn(`Warning: the audit trail did not record this change: ${reason}`)
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
