import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { assertRequestLive, inRequestScope, RequestExpired } from '../../src/db/request-scope.js'
import { createAuditWriter } from '../../src/services/audit-trail.js'

/** Whether a statement would be sent from here: false when the current request was answered 503. */
function mayWrite(): boolean {
  try {
    assertRequestLive()
    return true
  } catch (error) {
    if (error instanceof RequestExpired) return false
    throw error
  }
}

/** Whether a statement may be sent after a wait, from within `work`'s request. */
const mayWriteLater = async () => {
  await sleep(1)
  return mayWrite()
}

/** A promise and the function that settles it. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

// The scope's store is turned off whenever no request is in one (request-scope.ts): one request ending
// must not take the scope away from another still running, and the next request must have its own.
t.test('a request keeps its scope while others end, and the next one gets its own', async (t) => {
  const first = gate()
  const second = gate()
  const live = inRequestScope({ expired: false }, async () => {
    await first.opened
    return mayWrite()
  })
  const expired = inRequestScope({ expired: true }, async () => {
    await second.opened
    await sleep(5)
    return mayWrite()
  })
  first.open()
  t.equal(await live, true, 'a live request may write')
  second.open()
  t.equal(await expired, false, 'an expired request may not, after another request ended')
  t.equal(await inRequestScope({ expired: true }, mayWriteLater), false, 'nor the next')
  t.equal(mayWrite(), true, 'outside any request, nothing is refused')
})

t.test('work that throws still leaves the scope', async (t) => {
  await t.rejects(
    inRequestScope({ expired: false }, async () => {
      throw new Error('the handler failed')
    }),
    /the handler failed/,
  )
  t.equal(await inRequestScope({ expired: true }, mayWriteLater), false)
})

// The audit trail's flush writes every request's events: started by one request, it must not be refused
// when that request reaches its deadline, or the events of others batched after it are lost.
t.test('an audit flush a request started is not refused when that request expires', async (t) => {
  const written: string[] = []
  const dropped: string[] = []
  const held = gate()
  let first = true
  const writer = createAuditWriter({
    // As the database client does: a statement of an expired request is refused before it is sent.
    write: async (events) => {
      assertRequestLive()
      if (first) {
        first = false
        await held.opened
      }
      written.push(...events.map((event) => event.type))
    },
    bufferLimit: 100,
    onDropped: (reason, count) => dropped.push(`${reason} ${count}`),
    log: { warn: () => {}, error: () => {} },
  })
  const scope = { expired: false }
  const answered = gate()
  const request = inRequestScope(scope, async () => {
    writer.record({ type: 'user.registered' })
    await answered.opened
  })
  await sleep(10)
  writer.record({ type: 'login.succeeded' })
  scope.expired = true
  held.open()
  await writer.flush()
  answered.open()
  await request
  t.same(written, ['user.registered', 'login.succeeded'], 'both events written')
  t.same(dropped, [], 'none lost')
})
