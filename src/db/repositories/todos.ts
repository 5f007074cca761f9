import { and, count, desc, eq, getTableColumns, isNull, type Placeholder, sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { isoTimestamp, mappedQuery, prepareRaw, rawQuery } from '../raw-rows.js'
import { type TodoRow, todos } from '../schema.js'

export interface NewTodo {
  title: string
  description?: string
}

export interface TodoChanges {
  title?: string
  description?: string
  completed?: boolean
}

export interface Page {
  /** Absent: every todo. */
  limit?: number
  offset?: number
}

/** Soft delete lives here: no query of this file sees a deleted todo. */
const live = isNull(todos.deletedAt)
const ownedBy = (userId: number | Placeholder) => and(eq(todos.userId, userId), live)

/** A row of the list query as the drivers return it unmapped: column names, timestamps as text. */
interface RawListRow {
  id: number
  user_id: number
  title: string
  description: string
  completed: boolean
  created_at: string
  updated_at: string
  /** count(*) is a bigint: text from postgres.js, a number or bigint from PGlite. */
  total: string | number | bigint
}

/** A live todo of a list: its timestamps already in the text the API writes them in. */
export interface ListedTodo extends Omit<TodoRow, 'createdAt' | 'updatedAt' | 'deletedAt'> {
  createdAt: string
  updatedAt: string
}

const fromListRow = (row: RawListRow): ListedTodo => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  description: row.description,
  completed: row.completed,
  createdAt: isoTimestamp(row.created_at),
  updatedAt: isoTimestamp(row.updated_at),
})

/** A page's rows, and the count of all the user's todos that each of them carries. */
const fromPageRows = (rows: RawListRow[]): { rows: ListedTodo[]; total: number } => ({
  rows: rows.map(fromListRow),
  total: rows[0] === undefined ? 0 : Number(rows[0].total),
})

/**
 * A page of the user's todos with the count of all of them: the window count rides along with the page,
 * so one round trip answers both.
 */
const listPageQuery = (db: Db) =>
  db
    .select({ ...getTableColumns(todos), total: sql`count(*) over ()`.as('total') })
    .from(todos)
    .where(ownedBy(sql.placeholder('userId')))
    .orderBy(desc(todos.createdAt), desc(todos.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))

/** `to_char`'s pattern for a time in UTC as `Date#toISOString` writes it (the millisecond truncated, as there). */
const ISO_8601 = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`)

/**
 * The first rows of the user's whole list as JSON that PostgreSQL writes: each todo as the response
 * schema writes it (its keys in the schema's order, no spaces), joined by commas, and how many there
 * are. When they are the rest of the list, which for most users they are, their number is the count.
 * The service then neither parses the rows nor serialises them, and has no row objects to collect: on
 * Node 20 it promoted every one to the old generation (docs/performance.md). Exported for the
 * benchmark's baseline, which runs this same statement.
 */
export const listJsonStatement = () => sql`
  SELECT count(*)::int AS rows, coalesce(string_agg(todo, ',' ORDER BY created_at DESC, id DESC), '') AS json
  FROM (
    SELECT t.id, t.created_at, row_to_json(wire)::text AS todo
    FROM todos t CROSS JOIN LATERAL (
      SELECT t.id, t.title, t.description, t.completed, t.user_id,
        to_char(t.created_at AT TIME ZONE 'UTC', ${ISO_8601}) AS created_at,
        to_char(t.updated_at AT TIME ZONE 'UTC', ${ISO_8601}) AS updated_at
    ) wire
    WHERE t.user_id = ${sql.placeholder('userId')} AND t.deleted_at IS NULL
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
  ) page`

/** Up to a batch of the user's list, already in the wire's JSON, and how many todos that is. */
export interface TodosJson {
  /** The todos' JSON objects joined by commas, without brackets: '' for none. */
  json: string
  rows: number
}

/**
 * The todos table behind verbs. Ownership is part of every query that reads or changes one todo, so a
 * miss means "not yours, missing or deleted"; `findLive` tells those apart when the caller must know.
 */
export function createTodosRepository(db: Db) {
  // The list's statements are prepared once: each request only binds its values. The short list, the
  // hot path, arrives as JSON; the other forms' rows are read raw and mapped by `fromListRow`: Drizzle's
  // generic per-cell mapping of twenty rows cost more than the rest of the request together in a CPU profile.
  const listJson = rawQuery<TodosJson>(prepareRaw(db, 'todos_list_json', listJsonStatement()))

  const listPage = rawQuery<RawListRow>(listPageQuery(db).prepare('todos_list_page'))

  // The full list past its first batch: keyset pagination from the last row sent, so each batch costs
  // the same however deep into the list it is.
  const listAfter = mappedQuery(
    db
      .select({ ...getTableColumns(todos), total: sql`0`.as('total') })
      .from(todos)
      .where(
        and(
          ownedBy(sql.placeholder('userId')),
          // The last row's own timestamp, read back in full: a JavaScript Date keeps only milliseconds.
          sql`(${todos.createdAt}, ${todos.id}) < (SELECT t.created_at, t.id FROM todos t WHERE t.id = ${sql.placeholder('lastId')})`,
        ),
      )
      .orderBy(desc(todos.createdAt), desc(todos.id))
      .limit(sql.placeholder('limit'))
      .prepare('todos_list_after'),
    fromListRow,
  )

  const countOwned = db
    .select({ total: count() })
    .from(todos)
    .where(ownedBy(sql.placeholder('userId')))
    .prepare('todos_count')

  const findOwned = db
    .select()
    .from(todos)
    .where(and(eq(todos.id, sql.placeholder('id')), ownedBy(sql.placeholder('userId'))))
    .prepare('todos_find_owned')

  /** The caller's live todos, newest first (ties by id), and how many there are in all. */
  const listByUser = async (
    userId: number,
    { limit, offset = 0 }: Page = {},
  ): Promise<{ rows: ListedTodo[]; total: number }> => {
    // LIMIT NULL is PostgreSQL's LIMIT ALL.
    const page = await listPage.all({ userId, limit: limit ?? null, offset })
    if (page.length > 0 || offset === 0) return fromPageRows(page)
    // Past the last page there is no row to carry the count.
    const [counted] = await countOwned.execute({ userId })
    return { rows: [], total: counted?.total ?? 0 }
  }

  return {
    async create(userId: number, fields: NewTodo): Promise<TodoRow> {
      const [row] = await db
        .insert(todos)
        .values({ userId, title: fields.title, description: fields.description })
        .returning()
      return row as TodoRow
    },

    listByUser,

    /** The caller's whole list from `offset` as JSON, at most `batch` todos of it (`TodosJson`). */
    async listJson(userId: number, offset: number, batch: number): Promise<TodosJson> {
      const [page] = await listJson.all({ userId, limit: batch, offset })
      // An aggregate without GROUP BY always answers one row.
      return page as TodosJson
    },

    /** The caller's live todos that come after `last` in the list's order (newest first), at most `limit`. */
    async listAfter(userId: number, last: { id: number }, limit: number): Promise<ListedTodo[]> {
      return listAfter.all({ userId, lastId: last.id, limit })
    },

    async findOwned(id: number, userId: number): Promise<TodoRow | undefined> {
      const [row] = await findOwned.execute({ id, userId })
      return row
    },

    /** Any user's live todo: only for telling "someone else's" from "missing". */
    async findLive(id: number): Promise<TodoRow | undefined> {
      const [row] = await db
        .select()
        .from(todos)
        .where(and(eq(todos.id, id), live))
      return row
    },

    /** Applies only the given fields; undefined when the todo is not the user's live todo. */
    async update(
      id: number,
      userId: number,
      { title, description, completed }: TodoChanges,
      now: Date,
    ): Promise<TodoRow | undefined> {
      const [row] = await db
        .update(todos)
        // Timestamps are shown to the millisecond: an update within the same millisecond as the last
        // write still moves updated_at, so clients can rely on it changing.
        .set({
          title,
          description,
          completed,
          updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${todos.updatedAt} + interval '1 millisecond')`,
        })
        .where(and(eq(todos.id, id), ownedBy(userId)))
        .returning()
      return row
    },

    /** Marks the todo deleted; false when it is not the user's live todo. */
    async softDelete(id: number, userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(todos)
        .set({ deletedAt: now })
        .where(and(eq(todos.id, id), ownedBy(userId)))
        .returning({ id: todos.id })
      return rows.length > 0
    },

    /**
     * docs/contract.md: deleting a user soft-deletes the user's todos, inside the transaction `on` that
     * deletes the user. Returns how many todos it deleted.
     */
    async softDeleteAllForUser(userId: number, now: Date, on: Db = db): Promise<number> {
      const rows = await on.update(todos).set({ deletedAt: now }).where(ownedBy(userId)).returning({ id: todos.id })
      return rows.length
    },
  }
}

export type TodosRepository = ReturnType<typeof createTodosRepository>
