import t from 'tap'
import { createMemoryStore, IDLE_MS, MAX_KEYS } from '../../src/rate-limit/memory-store.js'
import { type Bucket, type Limits, type Outcome, outcome, secondsUp, take } from '../../src/rate-limit/token-bucket.js'

const THREE_PER_MINUTE: Limits = { capacity: 3, windowMs: 60_000 }

/** One bucket driven by hand: each call is one request at the given time. */
function bucketAt(limits: Limits) {
  let saved: Bucket | undefined
  return (now: number): Outcome => {
    const { bucket, allowed } = take(saved, now, limits)
    saved = bucket
    return outcome(bucket.level, allowed, limits)
  }
}

t.test('a new bucket holds `capacity` tokens and each request takes one', async (t) => {
  const request = bucketAt(THREE_PER_MINUTE)
  t.same(request(0), { allowed: true, remaining: 2, resetInMs: 20_000, retryAfterMs: 0 })
  t.same(request(0), { allowed: true, remaining: 1, resetInMs: 40_000, retryAfterMs: 0 })
  t.same(request(0), { allowed: true, remaining: 0, resetInMs: 60_000, retryAfterMs: 0 })
  t.same(request(0), { allowed: false, remaining: 0, resetInMs: 60_000, retryAfterMs: 20_000 }, 'empty: refused')
  t.same(
    request(0),
    { allowed: false, remaining: 0, resetInMs: 60_000, retryAfterMs: 20_000 },
    'a refusal costs nothing',
  )
})

t.test('tokens come back continuously, one every window / capacity', async (t) => {
  const request = bucketAt(THREE_PER_MINUTE)
  for (let i = 0; i < 3; i++) request(1_000)
  t.same(request(11_000), { allowed: false, remaining: 0, resetInMs: 50_000, retryAfterMs: 10_000 }, 'half a token')
  t.same(request(20_999), { allowed: false, remaining: 0, resetInMs: 40_001, retryAfterMs: 1 }, 'just short')
  t.same(request(21_000), { allowed: true, remaining: 0, resetInMs: 60_000, retryAfterMs: 0 }, 'exactly one token')
  t.same(request(51_000), { allowed: true, remaining: 0, resetInMs: 50_000, retryAfterMs: 0 }, '1.5 tokens, one taken')
  t.same(request(61_000), { allowed: true, remaining: 0, resetInMs: 60_000, retryAfterMs: 0 }, 'the half left counts')
})

t.test('an idle bucket fills up to its capacity and no further', async (t) => {
  const request = bucketAt(THREE_PER_MINUTE)
  request(0)
  t.same(request(10 * 60_000), { allowed: true, remaining: 2, resetInMs: 20_000, retryAfterMs: 0 })
})

t.test('whole tokens are reported when the refill is not a whole number of milliseconds', async (t) => {
  const limits = { capacity: 7, windowMs: 60_000 }
  const request = bucketAt(limits)
  for (let i = 0; i < 7; i++) request(0)
  const refused = request(0)
  t.equal(refused.allowed, false)
  t.equal(secondsUp(refused.retryAfterMs), 9, '60s / 7 = 8.57s, rounded up')
  t.equal(secondsUp(refused.resetInMs), 60)
  t.equal(request(8_571).allowed, false, '8.571s is not yet a token')
  t.equal(request(8_572).allowed, true, '8.572s is')
})

t.test('a clock that steps back neither refills nor drains', async (t) => {
  const request = bucketAt(THREE_PER_MINUTE)
  request(100_000)
  t.same(request(40_000), { allowed: true, remaining: 1, resetInMs: 40_000, retryAfterMs: 0 })
})

t.test('secondsUp rounds up, but not for float noise', async (t) => {
  t.equal(secondsUp(0), 0)
  t.equal(secondsUp(1), 1)
  t.equal(secondsUp(20_000), 20)
  t.equal(secondsUp(20_000.000_000_001), 20)
  t.equal(secondsUp(20_000.001), 21)
  t.equal(secondsUp(1_700_000_000_500), 1_700_000_001)
})

t.test('the memory store', async (t) => {
  t.test('keeps one bucket per key', async (t) => {
    const store = createMemoryStore({ now: () => 0 })
    for (let i = 0; i < 3; i++) t.equal((await store.take('a', THREE_PER_MINUTE)).allowed, true)
    t.equal((await store.take('a', THREE_PER_MINUTE)).allowed, false)
    t.same(await store.take('b', THREE_PER_MINUTE), { allowed: true, remaining: 2, resetInMs: 20_000, retryAfterMs: 0 })
  })

  t.test(`holds at most ${MAX_KEYS} keys and forgets the least recently used`, async (t) => {
    let now = 0
    const store = createMemoryStore({ now: () => now })
    for (let i = 0; i < MAX_KEYS; i++) await store.take(`key-${i}`, THREE_PER_MINUTE)
    now = 1
    await store.take('key-0', THREE_PER_MINUTE)
    await store.take('one-more', THREE_PER_MINUTE)
    t.equal(store.size, MAX_KEYS)
    t.equal((await store.take('key-0', THREE_PER_MINUTE)).remaining, 0, 'key-0 was used lately and kept its bucket')
    t.equal((await store.take('key-1', THREE_PER_MINUTE)).remaining, 2, 'key-1 was evicted and starts full')
  })

  t.test('drops a key idle for 6 hours', async (t) => {
    let now = 0
    const store = createMemoryStore({ now: () => now, maxKeys: 10, idleMs: IDLE_MS })
    await store.take('idle', THREE_PER_MINUTE)
    now = IDLE_MS - 1
    await store.take('busy', THREE_PER_MINUTE)
    t.equal(store.size, 2, 'not idle long enough yet')
    now = IDLE_MS
    await store.take('busy', THREE_PER_MINUTE)
    t.equal(store.size, 1, 'the idle key is gone')
  })

  t.test('a dropped key starts again with a full bucket, even if its window is longer', async (t) => {
    const threePerDay = { capacity: 3, windowMs: 24 * 60 * 60 * 1000 }
    let now = 0
    const store = createMemoryStore({ now: () => now })
    for (let i = 0; i < 3; i++) await store.take('a', threePerDay)
    now = IDLE_MS - 1
    t.equal((await store.take('a', threePerDay)).allowed, false, 'refilled by 0.75 tokens only')
    now = 2 * IDLE_MS - 1
    t.same(await store.take('a', threePerDay), {
      allowed: true,
      remaining: 2,
      resetInMs: 8 * 60 * 60 * 1000,
      retryAfterMs: 0,
    })
  })
})
