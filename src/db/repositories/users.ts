import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { claimingEmail } from '../errors.js'
import { isoTimestamp, mappedQuery, parseJson, rowsOf } from '../raw-rows.js'
import { roles, userRoles, users } from '../schema.js'
import { rolesOf } from '../sql.js'

/** A live user with role names in the order they were assigned. */
export interface UserRecord {
  id: number
  name: string
  email: string
  /** Set by a verification link sent to the current email; an email change clears it. */
  emailVerified: boolean
  roles: string[]
  /** The text the API writes, when read by id (`findById`): no Date is made for the hot user read. */
  createdAt: Date | string
  updatedAt: Date | string
}

/** A user with the credential a login or a password change verifies. */
export interface UserWithPassword extends UserRecord {
  passwordHash: string
  /** Moved by every password change: see `sessions.credential_version`. */
  credentialVersion: number
}

export interface ListUsersOptions {
  page: number
  perPage: number
  search?: string
  role?: string
  sort: 'id' | 'name' | 'email' | 'created_at' | 'updated_at'
  order: 'asc' | 'desc'
}

/** A row of `publicColumns` as the drivers return it unmapped. */
interface RawUserRow {
  id: number
  name: string
  email: string
  email_verified: boolean
  roles: string[] | string
  created_at: string
  updated_at: string
}

const fromRawUser = (row: RawUserRow): UserRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  emailVerified: row.email_verified,
  roles: parseJson(row.roles),
  createdAt: isoTimestamp(row.created_at),
  updatedAt: isoTimestamp(row.updated_at),
})

const live = sql`${users.deletedAt} IS NULL`
// Written out in full: inside a select, Drizzle leaves column names unqualified, which is ambiguous here.
const rolesOfUser = rolesOf(sql`"users"."id"`).as('roles')

const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  roles: rolesOfUser,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
  updated_at: users.updatedAt,
}

/** Escapes LIKE's wildcards so a search is a plain substring. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A live user by id, with its roles. Exported for the benchmark's baseline, which runs this same statement. */
export const userByIdQuery = (db: Db) =>
  db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), live))

/**
 * Users and their roles. Deleted users are invisible to every function here but `create`'s uniqueness.
 * A method that may run inside a caller's transaction takes it as its last argument, `on`.
 */
export function createUsersRepository(db: Db) {
  // Read raw and mapped by hand, like the todo list: every authenticated user read takes this path.
  const byId = mappedQuery(userByIdQuery(db).prepare('users_by_id'), fromRawUser)

  const withCredential = {
    ...publicColumns,
    passwordHash: users.passwordHash,
    credentialVersion: users.credentialVersion,
  }

  const byEmail = db
    .select(withCredential)
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${sql.placeholder('email')})`, live))
    .prepare('users_by_email')

  return {
    findById: (id: number): Promise<UserRecord | undefined> => byId.one({ id }),

    findByEmailWithPassword: async (email: string): Promise<UserWithPassword | undefined> =>
      (await byEmail.execute({ email }))[0],

    /** Inserts the user with the `user` role. A live duplicate email throws EmailTakenError. */
    create: (fields: { name: string; email: string; passwordHash: string }, on: Db = db) =>
      claimingEmail(() =>
        on.transaction(async (tx) => {
          const [row] = await tx.insert(users).values(fields).returning({ id: users.id })
          const id = (row as { id: number }).id
          await assignRole(tx, id, 'user')
          return (await tx.select(withCredential).from(users).where(eq(users.id, id)))[0] as UserWithPassword
        }),
      ),

    /** Changes the fields given; a live duplicate email throws EmailTakenError. */
    update: async (
      id: number,
      fields: { name?: string; email?: string; emailVerified?: boolean },
      now: Date,
      on: Db = db,
    ): Promise<UserRecord | undefined> => {
      const [row] = await claimingEmail(() =>
        on
          .update(users)
          .set({ ...fields, updatedAt: now })
          .where(and(eq(users.id, id), live))
          .returning({ id: users.id }),
      )
      if (!row) return undefined
      return on === db ? byId.one({ id }) : (await userByIdQuery(on).execute({ id }))[0]
    },

    /**
     * Marks the email verified, only while it is still the address the link was sent to (case ignored).
     * False when the user is gone or the address has changed since.
     */
    markEmailVerified: async (id: number, email: string, on: Db = db): Promise<boolean> => {
      const rows = await on
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, id), sql`lower(${users.email}) = lower(${email})`, live))
        .returning({ id: users.id })
      return rows.length > 0
    },

    /** The live user with the stored hash, for a password change. */
    findByIdWithPassword: async (id: number, on: Db = db): Promise<UserWithPassword | undefined> => {
      const [row] = await on
        .select(withCredential)
        .from(users)
        .where(and(eq(users.id, id), live))
      return row
    },

    /**
     * docs/contract.md, Credentials: a new password moves the credential version, under the user's row lock
     * (the UPDATE takes it), and only from the version whose password the caller verified: of two
     * changes made with the same current password, one wins. The new version, or undefined when the
     * verified one is no longer current (or the user is gone).
     */
    changePassword: async (id: number, verifiedVersion: number, passwordHash: string, on: Db = db) => {
      const [row] = await on
        .update(users)
        .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1` })
        .where(and(eq(users.id, id), eq(users.credentialVersion, verifiedVersion), live))
        .returning({ credentialVersion: users.credentialVersion })
      return row?.credentialVersion
    },

    /**
     * docs/contract.md, Credentials: a reset sets a new password without the old one, and moves the
     * credential version under the user's row lock like a change. The link reached `linkedEmail`, which
     * proves that address: it is verified if it is still the user's. The new version; undefined when the
     * user is gone.
     */
    resetPassword: async (id: number, passwordHash: string, linkedEmail: string, on: Db = db) => {
      const [row] = await on
        .update(users)
        .set({
          passwordHash,
          credentialVersion: sql`${users.credentialVersion} + 1`,
          emailVerified: sql`${users.emailVerified} OR lower(${users.email}) = lower(${linkedEmail})`,
        })
        .where(and(eq(users.id, id), live))
        .returning({ credentialVersion: users.credentialVersion })
      return row?.credentialVersion
    },

    /**
     * A login's rehash at another cost: replaces only the hash it verified, and only while its version
     * is current, so it can never write an old password back over a change that committed meanwhile.
     */
    rehashPassword: async (user: UserWithPassword, passwordHash: string) => {
      await db
        .update(users)
        .set({ passwordHash })
        .where(
          and(
            eq(users.id, user.id),
            eq(users.passwordHash, user.passwordHash),
            eq(users.credentialVersion, user.credentialVersion),
          ),
        )
    },

    /** Marks the user deleted; false when there was no live user. */
    softDelete: async (id: number, now: Date, on: Db = db): Promise<boolean> => {
      const rows = await on
        .update(users)
        .set({ deletedAt: now })
        .where(and(eq(users.id, id), live))
        .returning({ id: users.id })
      return rows.length > 0
    },

    list: async (options: ListUsersOptions): Promise<{ users: UserRecord[]; total: number }> => {
      const filters: SQL[] = [live]
      if (options.search) {
        const pattern = likePattern(options.search)
        filters.push(sql`(${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern})`)
      }
      if (options.role)
        filters.push(sql`EXISTS (SELECT 1 FROM ${userRoles} JOIN ${roles} ON ${roles.id} = ${userRoles.roleId}
          WHERE ${userRoles.userId} = ${users.id} AND ${roles.name} = ${options.role})`)
      const where = and(...filters)
      const direction = options.order === 'desc' ? desc : asc
      const [rows, [count]] = await Promise.all([
        db
          .select(publicColumns)
          .from(users)
          .where(where)
          .orderBy(direction(SORT_COLUMNS[options.sort]), direction(users.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
      ])
      return { users: rows, total: count?.total ?? 0 }
    },

    findByEmail: async (email: string): Promise<UserRecord | undefined> => {
      const found = await byEmail.execute({ email })
      if (!found[0]) return undefined
      const { passwordHash: _, ...user } = found[0]
      return user
    },

    /**
     * The bcrypt costs of the live users' hashes (`$2b$10$…`: the two digits after the second `$`).
     * One scan of the table, made once at start-up.
     */
    hashCostsInUse: async (): Promise<number[]> => {
      // A loose index scan: each step asks the cost index for the next cost up, so the work grows with
      // the handful of costs in use, not with the users (a DISTINCT would read every live row).
      const rows = rowsOf<{ cost: string }>(
        await db.execute(sql`
          WITH RECURSIVE costs(cost) AS (
            SELECT min(substring(password_hash from 5 for 2)) FROM users WHERE deleted_at IS NULL
            UNION ALL
            SELECT (SELECT min(substring(password_hash from 5 for 2)) FROM users
                    WHERE deleted_at IS NULL AND substring(password_hash from 5 for 2) > costs.cost)
            FROM costs WHERE costs.cost IS NOT NULL
          )
          SELECT cost FROM costs WHERE cost IS NOT NULL`),
      )
      return rows.map(({ cost }) => Number(cost)).filter(Number.isInteger)
    },

    /** Grants a role by name, creating a custom role on first use. Granting a held role changes nothing. */
    grantRole: (userId: number, role: string, on: Db = db) => on.transaction((tx) => assignRole(tx, userId, role)),

    /** Removes a role; false when the user did not hold it. */
    revokeRole: async (userId: number, role: string): Promise<boolean> => {
      const rows = await db
        .delete(userRoles)
        .where(
          and(
            eq(userRoles.userId, userId),
            sql`${userRoles.roleId} = (SELECT ${roles.id} FROM ${roles} WHERE ${roles.name} = ${role})`,
          ),
        )
        .returning({ id: userRoles.id })
      return rows.length > 0
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>

async function assignRole(db: Db, userId: number, role: string) {
  await db.insert(roles).values({ name: role }).onConflictDoNothing()
  await db
    .insert(userRoles)
    .values({ userId, roleId: sql`(SELECT ${roles.id} FROM ${roles} WHERE ${roles.name} = ${role})` })
    .onConflictDoNothing()
}
