import { CLIENT_IP_MAX, USER_AGENT_MAX } from '../limits.js'

/**
 * Who acts, and from where: built once at the edge (a route, from its request; an administration tool,
 * from the process), and the only thing the services know of their caller. The audit trail stores it
 * with every event, and the sessions list shows where each session was last used.
 */
export interface Actor {
  /** The request's id; null for a tool. */
  requestId: string | null
  /** The access token's user, when the request carried one. */
  userId: number | null
  /** The client's address, cut to the column's length. */
  ip: string | null
  /** The client's user agent, cut to the column's length. */
  userAgent: string | null
  /** The client's key, as the rate limiter and the login throttle count it. */
  throttleKey: string
  /** An administration tool, and the operating-system account that ran it. */
  tool?: { name: string; osUser: string | null }
}

/** An actor from what a request tells of its client: the one place its fields are cut to their columns. */
export function clientActor(fields: {
  requestId: string
  userId: number | null
  ip: string | undefined
  userAgent: string | undefined
  throttleKey: string
}): Actor {
  return {
    requestId: fields.requestId.slice(0, 128),
    userId: fields.userId,
    ip: fields.ip?.slice(0, CLIENT_IP_MAX) || null,
    userAgent: fields.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    throttleKey: fields.throttleKey,
  }
}
