/**
 * Bounds the storage, the services and the contract share: each is written once here, so the column,
 * the rule that keeps within it and the documented maximum cannot drift apart.
 */

/** The longest client address kept (an IPv6 address with a zone fits). */
export const CLIENT_IP_MAX = 64

/** The longest user agent kept: a longer one is cut, never refused. */
export const USER_AGENT_MAX = 512

/**
 * The most live sessions a user has: a login past it ends the least recently used one, so the sessions
 * (and their list) stay bounded however often a client logs in without logging out.
 */
export const MAX_SESSIONS = 100

/** The most passkeys a user registers: enough for every device and a spare key, and a bounded list. */
export const MAX_PASSKEYS = 20
