import { AsyncLocalStorage } from 'node:async_hooks'

/** One request's standing with the database: expired once it was answered 503 at its deadline. */
export interface RequestScope {
  expired: boolean
}

const scopes = new AsyncLocalStorage<RequestScope>()
let handling = 0

/**
 * Runs `work` (a request's handler, and everything it awaits) in `scope`. On Node 20 an enabled
 * AsyncLocalStorage turns on promise hooks for the whole process, so every promise of every request
 * pays for them (without the scope the todo list ran 1.3 times as fast): the store is enabled only
 * while some request in a scope is being handled, and is disabled again when the last one is done.
 * On Node 24 the store is a field of the async context and costs next to nothing either way.
 */
export async function inRequestScope<T>(scope: RequestScope, work: () => T | Promise<T>): Promise<T> {
  handling++
  try {
    return await scopes.run(scope, work)
  } finally {
    if (--handling === 0) scopes.disable()
  }
}

/**
 * Runs `work` outside any request's scope: what one request sets going for every request (the audit
 * trail's flush, the mail worker's pass) must not be refused when that request reaches its deadline.
 */
export const outsideRequests = <T>(work: () => T): T => scopes.exit(work)

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
