import { type SQL, sql } from 'drizzle-orm'

/**
 * SQL fragments more than one repository writes.
 */

/** The role names of the user whose id `userId` refers to, in the order they were assigned, as json. */
export const rolesOf = (userId: SQL) =>
  sql<string[]>`coalesce((SELECT json_agg(r.name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE ur.user_id = ${userId}), '[]'::json)`
