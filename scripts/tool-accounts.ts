import { userInfo } from 'node:os'
import { loadPasswordConfig } from '../src/config.js'
import { createAuditEventsRepository } from '../src/db/repositories/audit-events.js'
import { createPasskeysRepository } from '../src/db/repositories/passkeys.js'
import { createSecondFactorRepository } from '../src/db/repositories/second-factor.js'
import { createUsersRepository } from '../src/db/repositories/users.js'
import { administration } from '../src/services/accounts/administration.js'
import type { Actor } from '../src/services/actor.js'
import { auditSink, createAuditWriter } from '../src/services/audit-trail.js'
import type { PasswordHasher } from '../src/services/passwords.js'
import { createSecurityEvents } from '../src/services/security-events.js'
import type { Tool } from './cli.js'

/**
 * The administration tools' account service: the same administration flow the service's own code
 * uses (services/accounts/administration.ts), acting as the tool, with its security events recorded
 * into the audit trail as the app's are. `recorded()` writes them before the tool ends (a tool has no
 * request to keep fast). A change that was made stays reported as made: when its audit entry cannot
 * be written, a warning goes to stderr and the tool still succeeds.
 */
export async function toolAccounts(tool: Tool, name: string) {
  const { db } = await tool.database()
  const events = createSecurityEvents()
  const writer = createAuditWriter({
    write: createAuditEventsRepository(db).insertMany,
    bufferLimit: 1_000,
    onDropped: () => {},
    log: {
      warn: () => {},
      error: ({ err }: { err?: unknown }) => {
        const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim()
        tool.warn(`Warning: the audit trail did not record this change: ${reason}`)
      },
    },
  })
  events.subscribe(auditSink(writer.record, () => new Date()))
  // The hashing thread starts (and BCRYPT_COST is read) only for a verb that hashes.
  const hasher = () => tool.passwordHasher(loadPasswordConfig(tool.env).bcryptCost)
  const passwords: PasswordHasher = {
    hash: (password, work) => hasher().hash(password, work),
    verify: (password, hash, work) => hasher().verify(password, hash, work),
    costsInUse: (costs) => hasher().costsInUse(costs),
    needsRehash: (hash) => hasher().needsRehash(hash),
    close: async () => {},
  }
  return {
    accounts: administration({
      db,
      users: createUsersRepository(db),
      passwords,
      events,
      secondFactor: createSecondFactorRepository(db),
      passkeys: createPasskeysRepository(db),
    }),
    actor: toolActor(name),
    recorded: writer.flush,
  }
}

/** The tool as an actor: no request and no client, named with the operating-system account that ran it. */
function toolActor(name: string): Actor {
  return {
    requestId: null,
    userId: null,
    ip: null,
    userAgent: null,
    throttleKey: `tool:${name}`,
    tool: { name, osUser: osUser() },
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
