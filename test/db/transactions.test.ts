/**
 * PostgreSQL transactions: a COMMIT that the server answers with ROLLBACK (the transaction was aborted
 * by an error the work swallowed) fails, it never passes for a commit; savepoints nest.
 */
import postgres from 'postgres'
import t from 'tap'
import { begin, CommitFailed } from '../../src/db/postgres.js'
import { backend, emptyDatabase } from '../helper.js'

t.test('postgres.js transactions', { skip: backend('postgres', 'PGlite has its own driver') }, async (t) => {
  const { url } = await emptyDatabase(t)
  const sql = postgres(url, { max: 2, prepare: false, onnotice: () => {} })
  t.teardown(() => sql.end())
  await sql`CREATE TABLE items (name text PRIMARY KEY)`

  t.test('a COMMIT answered ROLLBACK is an error, and nothing was written', async (t) => {
    const outcome = begin(sql, async (tx) => {
      await tx.unsafe("INSERT INTO items VALUES ('lost')")
      // An error the work swallows still aborts the transaction on the server.
      await tx.unsafe('SELECT 1/0').catch(() => {})
      return 'done'
    })
    await t.rejects(outcome, CommitFailed, 'the caller learns the transaction did not happen')
    t.same(await sql`SELECT name FROM items WHERE name = 'lost'`, [], 'nothing stored')
  })

  t.test('a committed transaction and a rolled-back savepoint', async (t) => {
    const result = await begin(sql, async (tx) => {
      await tx.unsafe("INSERT INTO items VALUES ('kept')")
      await t.rejects(
        tx.savepoint(async (inner) => {
          await inner.unsafe("INSERT INTO items VALUES ('undone')")
          throw new Error('inner work fails')
        }),
        /inner work fails/,
      )
      return 'done'
    })
    t.equal(result, 'done')
    t.same(
      (await sql<{ name: string }[]>`SELECT name FROM items ORDER BY name`).map((row) => row.name),
      ['kept'],
      'the outer write committed, the savepoint rolled back',
    )
  })

  t.test('the connection goes back to the pool either way', async (t) => {
    for (let i = 0; i < 5; i++) await begin(sql, (tx) => tx.unsafe('SELECT 1'))
    t.same(await sql`SELECT 1 AS one`, [{ one: 1 }])
  })
})
