import type { Db } from '../db/client.js'
import type { Revocation } from '../db/repositories/refresh-tokens.js'
import type { ListUsersOptions, UserRecord, UserWithPassword } from '../db/repositories/users.js'
import { forbidden, Message, notFound, unauthorized } from '../errors.js'
import { type EventRequest, publish } from '../events.js'
import type { Repositories } from '../plugins/repositories.js'
import type { TokenPair } from '../schemas/auth.js'
import type { LoginThrottle } from './login-throttle.js'
import type { PasswordHasher } from './passwords.js'
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
}

const invalidCredentials = () => unauthorized(Message.INVALID_CREDENTIALS)
const userNotFound = () => notFound(Message.USER_NOT_FOUND)

/**
 * The account verbs the routes speak HTTP for: registration, login, the users' records, signing out,
 * deletion and password changes. Each publishes its security event (events.ts), so the metrics and the
 * audit trail hear of it whichever route or tool asked. Failures are the error catalogue's. `gone` aborts
 * bcrypt work whose request has gone.
 */
export function createAccountService({ db, repos, passwords, tokens, loginThrottle }: AccountServiceOptions) {
  const { users, todos } = repos

  /** A new session for a user whose password was just verified at `user.credentialVersion`. */
  const signIn = async (user: UserWithPassword, caller: Caller): Promise<SignedIn | undefined> => {
    const pair = await tokens.issueNewFamily(user, user.credentialVersion, caller.client)
    return pair && { user, tokens: pair }
  }

  return {
    register: async (account: NewAccount, caller: Caller, gone?: AbortSignal): Promise<SignedIn> => {
      const passwordHash = await passwords.hash(account.password, gone)
      const user = await users.create({ name: account.name, email: account.email, passwordHash })
      publish.account({ type: 'user.registered', userId: user.id, request: caller.request })
      const signedIn = await signIn(user, caller)
      // Nothing else knows the new account's password yet, so nothing can have moved its version.
      if (!signedIn) throw new Error('a new account could not start its session')
      return signedIn
    },

    /**
     * The same 401 after the same bcrypt work for an unknown email and a wrong password: verify()
     * compares against a dummy hash when there is no user. The session is stored only if the password
     * verified is still the current one (decisions.md, Credentials): a login that raced a password
     * change gets the same 401, and counts as a failure. A stored hash of another cost is replaced, but
     * only the hash that was verified.
     */
    login: async (email: string, password: string, caller: Caller, gone?: AbortSignal): Promise<SignedIn> => {
      let found: UserWithPassword | undefined
      const signedIn = await loginThrottle.attempt(email, caller.key, async () => {
        found = await users.findByEmailWithPassword(email)
        const verified = await passwords.verify(password, found?.passwordHash, gone)
        return verified && found ? signIn(found, caller) : undefined
      })
      if (!signedIn) {
        const reason = found ? 'wrong_password' : 'unknown_email'
        publish.login({ result: 'failure', reason, userId: found?.id, email, request: caller.request })
        throw invalidCredentials()
      }
      publish.login({ result: 'success', userId: signedIn.user.id, request: caller.request })
      if (found && passwords.needsRehash(found.passwordHash))
        await users.rehashPassword(found, await passwords.hash(password, gone))
      return signedIn
    },

    /**
     * An administrator's every action checks the stored record, not the token (decisions.md): a deleted
     * or demoted administrator is refused at once. One read by primary key.
     */
    assertAdmin: async (userId: number): Promise<void> => {
      const user = await users.findById(userId)
      if (!user?.roles.includes('admin')) throw forbidden(Message.INSUFFICIENT_PERMISSIONS)
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
     * Changes a password when the current one is right (OWASP ASVS 7.4.3). A wrong current password is
     * the login's 401 after the same bcrypt work, and counts in the login throttle's buckets for the
     * account and address (429 past the limit), so a stolen access token is no unthrottled oracle.
     * The new hash moves the credential version under the user's row lock, and in the same
     * transaction every other session ends while the caller goes on with a fresh pair of the new
     * version. Of two changes verified against the same version, the second is the 401.
     */
    changePassword: async (change: PasswordChange, caller: Caller): Promise<TokenPair> => {
      const user = await users.findByIdWithPassword(change.userId)
      if (!user) throw userNotFound()
      const verified = await loginThrottle.attempt(user.email, caller.key, async () =>
        (await passwords.verify(change.currentPassword, user.passwordHash)) ? user : undefined,
      )
      const passwordHash = verified && (await passwords.hash(change.newPassword))
      const pair =
        passwordHash &&
        (await db.transaction(async (tx) => {
          const version = await users.changePassword(user.id, user.credentialVersion, passwordHash, tx)
          if (version === undefined) return undefined
          return tokens.keepOnlySession(user, version, change.sessionId, caller.client, tx)
        }))
      if (!pair) {
        const details = { reason: 'wrong_password' }
        publish.account({ type: 'password.change_failed', userId: user.id, details, request: caller.request })
        const failure = { result: 'failure', reason: 'wrong_password', via: 'password_change' } as const
        publish.login({ ...failure, userId: user.id, request: caller.request })
        throw invalidCredentials()
      }
      publish.account({ type: 'password.changed', userId: user.id, request: caller.request })
      return pair
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
