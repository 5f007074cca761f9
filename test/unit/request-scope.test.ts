import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { assertRequestLive, inRequestScope, RequestExpired } from '../../src/db/request-scope.js'

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
