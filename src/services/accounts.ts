import type { Db } from '../db/client.js'
import type { Revocation } from '../db/repositories/refresh-tokens.js'
import type { ListUsersOptions, UserRecord, UserWithPassword } from '../db/repositories/users.js'
import { conflict, Message, notFound, unauthorized } from '../errors.js'
import { type EventRequest, publish } from '../events.js'
import type { Repositories } from '../plugins/repositories.js'
import type { TokenPair } from '../schemas/auth.js'
import type { LoginThrottle } from './login-throttle.js'
import type { PasswordHasher } from './passwords.js'
import type { RegistrationThrottle } from './registration-throttle.js'
import type { ClientInfo, TokenService } from './tokens.js'

/** Who asks: where from (kept with the tokens it gets), its login-throttle key, and the request events name. */
export interface Caller {
  client: ClientInfo
  /** The client's key, as the rate limiter and the login throttle count it. */
  key: string
  request: EventRequest
}

/** A user with a new session. */
export interface SignedIn {
  user: UserRecord
  tokens: TokenPair
}

export interface NewAccount {
  name: string
  email: string
  password: string
}

export interface PasswordChange {
  userId: number
  /** The caller's session: it goes on, every other one ends. */
  sessionId: string
  currentPassword: string
  newPassword: string
}

export interface AccountServiceOptions {
  db: Db
  repos: Pick<Repositories, 'users' | 'todos'>
  passwords: PasswordHasher
  tokens: TokenService
  loginThrottle: LoginThrottle
  registrationThrottle: RegistrationThrottle
}

const invalidCredentials = () => unauthorized(Message.INVALID_CREDENTIALS)
const userNotFound = () => notFound(Message.USER_NOT_FOUND)

/**
 * The account verbs the routes speak HTTP for: registration, login, the users' records, signing out,
 * deletion and password changes. Each publishes its security event (events.ts), so the metrics and the
 * audit trail hear of it whichever route or tool asked. Failures are the error catalogue's. `gone` aborts
 * bcrypt work whose request has gone.
 */
export function createAccountService({
  db,
  repos,
  passwords,
  tokens,
  loginThrottle,
  registrationThrottle,
}: AccountServiceOptions) {
  const { users, todos } = repos

  const signIn = async (user: UserRecord, caller: Caller): Promise<SignedIn> => ({
    user,
    tokens: await tokens.issueNewFamily(user, caller.client),
  })

  return {
    /**
     * A taken email is the 409 before any hash is made (decisions.md, "Credentials"), so a flood of them
     * costs lookups, not bcrypt. Answering it sooner than a success tells nothing the 409 does not.
     * Two registrations racing for one email still meet the unique index: the loser is the same 409.
     */
    register: async (account: NewAccount, caller: Caller, gone?: AbortSignal): Promise<SignedIn> => {
      const user = await registrationThrottle.attempt(caller.key, async () => {
        if (await users.findByEmail(account.email)) throw conflict(Message.EMAIL_EXISTS)
        const passwordHash = await passwords.hash(account.password, { signal: gone, client: caller.key })
        return users.create({ name: account.name, email: account.email, passwordHash })
      })
      publish.account({ type: 'user.registered', userId: user.id, request: caller.request })
      return signIn(user, caller)
    },

    /**
     * The same 401 after the same bcrypt work for an unknown email and a wrong password: verify()
     * compares against a dummy hash when there is no user. A stored hash of another cost is replaced.
     */
    login: async (email: string, password: string, caller: Caller, gone?: AbortSignal): Promise<SignedIn> => {
      let found: UserWithPassword | undefined
      const user = await loginThrottle.attempt(email, caller.key, async () => {
        found = await users.findByEmailWithPassword(email)
        return (await passwords.verify(password, found?.passwordHash, { signal: gone, client: caller.key }))
          ? found
          : undefined
      })
      if (!user) {
        const reason = found ? 'wrong_password' : 'unknown_email'
        publish.login({ result: 'failure', reason, userId: found?.id, email, request: caller.request })
        throw invalidCredentials()
      }
      publish.login({ result: 'success', userId: user.id, request: caller.request })
      if (passwords.needsRehash(user.passwordHash))
        await users.setPasswordHash(user.id, await passwords.hash(password, { signal: gone, client: caller.key }))
      return signIn(user, caller)
    },

    /** The users list, for administrators: the audit trail records who looked. */
    list: async (options: ListUsersOptions, request: EventRequest) => {
      const found = await users.list(options)
      const { perPage, ...query } = options
      const details = { query: { ...query, per_page: perPage }, total: found.total }
      publish.account({ type: 'users.listed', userId: null, details, request })
      return found
    },

    /** One user; a read of someone else's record (by an administrator) is recorded. */
    read: async (userId: number, request: EventRequest): Promise<UserRecord> => {
      const user = await users.findById(userId)
      if (!user) throw userNotFound()
      if (user.id !== request.user?.user_id) publish.account({ type: 'user.read', userId: user.id, request })
      return user
    },

    update: async (
      userId: number,
      fields: { name?: string; email?: string },
      request: EventRequest,
    ): Promise<UserRecord> => {
      const user = await users.update(userId, fields)
      if (!user) throw userNotFound()
      publish.account({ type: 'user.updated', userId, details: { fields: Object.keys(fields) }, request })
      return user
    },

    /** Signs the user out everywhere: every session ends. */
    logout: async (userId: number, request: EventRequest): Promise<Revocation> => {
      const revocation = await tokens.revokeAllForUser(userId, 'logout')
      publish.account({ type: 'logout', userId, request })
      return revocation
    },

    /** Signs one of the user's sessions out; a session that is not theirs, or not live, is not found. */
    signOutSession: async (userId: number, sessionId: string, request: EventRequest): Promise<Revocation> => {
      const revocation = await tokens.revokeSession(userId, sessionId)
      if (revocation.sessions === 0) throw notFound(Message.SESSION_NOT_FOUND)
      publish.account({ type: 'session.revoked', userId, details: { session_id: sessionId }, request })
      return revocation
    },

    /**
     * Deletes an account in one transaction: the user is soft-deleted (so its email is free again), every
     * session ends and its todos are soft-deleted.
     */
    delete: async (userId: number, request: EventRequest): Promise<Revocation> => {
      const revocation = await db.transaction(async (tx) => {
        if (!(await users.softDelete(userId, tx))) return undefined
        const revoked = await tokens.revokeAllForUser(userId, 'deletion', tx)
        await todos.softDeleteAllForUser(userId, tx)
        return revoked
      })
      if (!revocation) throw userNotFound()
      publish.account({ type: 'user.deleted', userId, request })
      return revocation
    },

    /**
     * Changes a password when the current one is right (OWASP ASVS 7.4.3): the new hash is stored and
     * every other session ends in the same transaction, and the caller goes on with a fresh pair. A wrong
     * current password is the login's 401 after the same bcrypt work.
     */
    changePassword: async (change: PasswordChange, caller: Caller): Promise<TokenPair> => {
      const user = await users.findByIdWithPassword(change.userId)
      if (!user) throw userNotFound()
      if (!(await passwords.verify(change.currentPassword, user.passwordHash, { client: caller.key }))) {
        const details = { reason: 'wrong_password' }
        publish.account({ type: 'password.change_failed', userId: user.id, details, request: caller.request })
        throw invalidCredentials()
      }
      const passwordHash = await passwords.hash(change.newPassword, { client: caller.key })
      const pair = await db.transaction(async (tx) => {
        await users.setPasswordHash(user.id, passwordHash, tx)
        return tokens.keepOnlySession(user, change.sessionId, caller.client, tx)
      })
      publish.account({ type: 'password.changed', userId: user.id, request: caller.request })
      return pair
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
