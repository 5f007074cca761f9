/**
 * The raw-row fast path stands on Drizzle's session, which is no public API: if an upgrade changes it,
 * this fails here, on both drivers, before a hot query fails in a route.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { isoTimestamp, mappedQuery, prepareRaw } from '../../src/db/raw-rows.js'
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

t.test('a timestamp as text becomes the text Date would write, with or without a Date', async (t) => {
  for (const text of [
    '2026-11-27 03:22:37.123456+00',
    '2026-11-27 03:22:37.999999+00',
    '2026-11-27 03:22:37.5+00',
    '2026-11-27 03:22:37.12+00',
    '2026-11-27 03:22:37+00',
    '0099-01-01 00:00:00+00',
    '10000-01-01 00:00:00+00',
    '2026-11-27 03:22:37.1234567+00',
    // Not in UTC: taken through Date.
    '2026-11-27 03:22:37.123456+01',
    '2026-11-27 03:22:37.123456+05:30',
    '2026-11-27 03:22:37-08',
  ])
    t.equal(isoTimestamp(text), new Date(text).toISOString(), text)

  // What the database itself writes, on this driver's session, over a spread of fractions.
  const rows = await db.execute<{ at: string }>(
    sql`SELECT (timestamptz '2026-11-27 03:22:37+00' + n * interval '1.234567 second')::text AS at
      FROM generate_series(0, 200) AS n`,
  )
  const texts = (Array.isArray(rows) ? rows : (rows as { rows: { at: string }[] }).rows).map((row) => row.at)
  t.equal(texts.length, 201)
  t.same(
    texts.map(isoTimestamp),
    texts.map((text) => new Date(text).toISOString()),
    'every one as Date writes it',
  )
})
