import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import t, { type Test } from 'tap'
import { events, type PasswordHashEvent } from '../../src/events.js'
import { createPasswordHasher } from '../../src/services/passwords.js'
import { build, registerUser } from '../helper.js'

/** Counts the compares the pool has finished. */
function countCompares(t: Test) {
  let compares = 0
  const listener = (event: unknown) => {
    if ((event as PasswordHashEvent).operation === 'compare') compares++
  }
  subscribe(events.passwordHash.name, listener)
  t.teardown(() => unsubscribe(events.passwordHash.name, listener))
  return () => compares
}

const FLOOD = 300

t.test('logins sent and abandoned are dropped before they are hashed; a real login then answers', async (t) => {
  // One thread at the production cost, so a queue forms: run one after another, 300 compares would take
  // minutes.
  const passwords = createPasswordHasher({ cost: 10, workers: 1, queueMax: FLOOD })
  t.teardown(() => passwords.close())
  const app = await build(t, { passwords, env: { SERVER_WRITETIMEOUT: '10m' } })
  const user = await registerUser(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const compares = countCompares(t)

  const body = JSON.stringify({ email: user.email, password: 'a wrong guess' })
  const request = `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      const socket = connect(port, '127.0.0.1')
      await once(socket, 'connect')
      await new Promise<void>((resolve) => socket.write(request, () => resolve()))
      socket.destroy()
    }),
  )

  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    // No kept-alive connection left behind to hold the file open.
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  t.equal(res.status, 200, 'the real login succeeds')
  // The queue is first in, first out: once the real login has been answered, every abandoned login
  // ahead of it has either run or been dropped.
  const ran = compares()
  t.ok(ran < FLOOD / 4, `${ran} compares ran for ${FLOOD} abandoned logins and one real one`)
})

t.test('a full queue answers 503 with Retry-After at once', async (t) => {
  const passwords = createPasswordHasher({ cost: 10, workers: 1, queueMax: 2 })
  t.teardown(() => passwords.close())
  const app = await build(t, { passwords, env: { SERVER_WRITETIMEOUT: '10m' } })
  const user = await registerUser(app)
  const compares = countCompares(t)

  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: 'a wrong guess' },
      }),
    ),
  )
  const statuses = answers.map((res) => res.statusCode)
  const refused = answers.filter((res) => res.statusCode === 503)
  t.equal(statuses.filter((status) => status === 401).length, 3, 'one running and two waiting were checked')
  t.equal(refused.length, 5, 'the rest were refused')
  t.equal(compares(), 3, 'refused logins were never hashed')
  for (const res of refused) {
    t.ok(Number(res.headers['retry-after']) >= 1, 'with Retry-After')
    t.match(res.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
  }
})
