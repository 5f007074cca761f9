import { AsyncLocalStorage } from 'node:async_hooks'

/** One request's standing with the database: expired once it was answered 503 at its deadline. */
export interface RequestScope {
  expired: boolean
}

const scopes = new AsyncLocalStorage<RequestScope>()

/**
 * Puts the rest of the current request's work (its handler and everything it awaits) in `scope`. Call
 * from a callback-style hook, so the handler runs inside it.
 */
export const enterRequestScope = (scope: RequestScope) => scopes.enterWith(scope)

/** Refused statement of a request already answered 503: recognised by isDatabaseUnavailable. */
export class RequestExpired extends Error {
  readonly code = 'REQUEST_EXPIRED'
  constructor() {
    super('the request was already answered at its deadline; its statement was not sent')
    this.name = 'RequestExpired'
  }
}

/**
 * Throws when the current request was already answered 503 at its deadline: the caller was told its
 * write failed, so no statement of it may start (or commit) afterwards.
 */
export function assertRequestLive(): void {
  if (scopes.getStore()?.expired) throw new RequestExpired()
}
