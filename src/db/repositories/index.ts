import type { Db } from '../client.js'
import { type AccountTokensRepository, createAccountTokensRepository } from './account-tokens.js'
import { type AuditEventsRepository, createAuditEventsRepository } from './audit-events.js'
import { createMailOutboxRepository, type MailOutboxRepository } from './mail-outbox.js'
import { createPasskeysRepository, type PasskeysRepository } from './passkeys.js'
import { createRefreshTokensRepository, type RefreshTokensRepository } from './refresh-tokens.js'
import { createSecondFactorRepository, type SecondFactorRepository } from './second-factor.js'
import { createTodosRepository, type TodosRepository } from './todos.js'
import { createUsersRepository, type UsersRepository } from './users.js'

/**
 * Every repository, built once on a database so each prepares its statements once. A method that may
 * run inside a caller's transaction takes it as its last argument, `on`.
 */
export interface Repositories {
  users: UsersRepository
  todos: TodosRepository
  refreshTokens: RefreshTokensRepository
  auditEvents: AuditEventsRepository
  secondFactor: SecondFactorRepository
  passkeys: PasskeysRepository
  accountTokens: AccountTokensRepository
  mailOutbox: MailOutboxRepository
}

export const createRepositories = (db: Db): Repositories => ({
  users: createUsersRepository(db),
  todos: createTodosRepository(db),
  refreshTokens: createRefreshTokensRepository(db),
  auditEvents: createAuditEventsRepository(db),
  secondFactor: createSecondFactorRepository(db),
  passkeys: createPasskeysRepository(db),
  accountTokens: createAccountTokensRepository(db),
  mailOutbox: createMailOutboxRepository(db),
})
