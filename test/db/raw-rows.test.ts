/**
 * The raw-row fast path stands on Drizzle's session, which is no public API: if an upgrade changes it,
 * this fails here, on both drivers, before a hot query fails in a route.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { mappedQuery, prepareRaw } from '../../src/db/raw-rows.js'
import { fileDatabase } from '../helper.js'

const { db } = await fileDatabase()

t.test('a hand-written statement is prepared, bound by placeholder and read unmapped', async (t) => {
  const query = mappedQuery(
    prepareRaw(
      db,
      'raw_rows_probe',
      sql`SELECT ${sql.placeholder('n')}::int + 1 AS next, now()::text AS at, '["a","b"]'::json AS list`,
    ),
    (row: { next: number; at: string; list: unknown }) => ({ next: row.next, at: typeof row.at, list: row.list }),
  )
  const first = await query.one({ n: 41 })
  t.equal(first?.next, 42, 'the placeholder was bound')
  t.equal(first?.at, 'string', 'timestamps arrive as text, unmapped')
  t.ok(first?.list, 'json arrives (parsed by one driver, text from the other)')
  t.same(await query.all({ n: 1 }), [{ next: 2, at: 'string', list: first?.list }], 'and again, prepared once')
})

t.test('a built query read through the fast path, and no row is undefined', async (t) => {
  const query = mappedQuery(
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(sql`(SELECT 1) AS x`)
      .where(sql`false = ${sql.placeholder('never')}`)
      .prepare('raw_rows_empty'),
    (row: { one: number }) => row.one,
  )
  t.equal(await query.one({ never: true }), undefined)
  t.same(await query.all({ never: true }), [])
  t.same(await query.all({ never: false }), [1])
})
