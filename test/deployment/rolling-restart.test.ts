/**
 * A rolling restart of two instances behind HAProxy under keep-alive load fails no request: each
 * instance in turn gets SIGTERM, fails readiness for SERVER_SHUTDOWN_DELAY while still serving, drains,
 * exits 0, and is started again on its port before the next one goes.
 */
import http from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'
import t from 'tap'
import { backend, freshDatabase, needs, uniqueEmail } from '../helper.js'
import { type ServerProcess, startServer } from '../server-process.js'
import { missing, startHAProxy } from './infra.js'

const START_WITHIN_MS = 180_000
const CLIENTS = 6
const PAUSE_MS = 25
/** Above HAProxy's check interval × fall (250 ms × 3) plus a slow check (2 s), as README advises. */
const SHUTDOWN_DELAY = '3s'

const skip = needs(backend('postgres', 'several server processes share one PostgreSQL'), missing('haproxy'))

interface Outcome {
  status?: number
  error?: string
}

function send(agent: http.Agent, port: number, path: string, token: string, body?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: payload ? 'POST' : 'GET',
        path,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        response.resume()
        response.once('end', () => resolve({ status: response.statusCode }))
        response.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
      },
    )
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    request.end(payload)
  })
}

t.test('a rolling restart of two instances behind HAProxy fails no request', { skip }, async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.close())
  const env = {
    DATABASE_URL: database.url as string,
    DB_MIGRATE_ON_START: 'false',
    SERVER_SHUTDOWN_DELAY: SHUTDOWN_DELAY,
    SERVER_SHUTDOWNTIMEOUT: '20',
    SERVER_WRITETIMEOUT: '60',
  }
  const servers: ServerProcess[] = await Promise.all([
    startServer(t, env, START_WITHIN_MS),
    startServer(t, env, START_WITHIN_MS),
  ])
  const proxy = await startHAProxy(
    t,
    servers.map((server, i) => ({ name: `instance${i}`, port: server.port })),
  )
  await delay(1000) // both instances seen ready (rise 2 × 250 ms)

  const registered = await fetch(`http://127.0.0.1:${proxy.port}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rolling User', email: uniqueEmail('rolling'), password: 'correct horse battery' }),
  })
  t.equal(registered.status, 200, 'registered through the balancer')
  const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token

  const outcomes: Outcome[] = []
  let created = 0
  let running = true
  const loops = Array.from({ length: CLIENTS }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let n = 0; running; n++) {
        const write = (n + client) % 4 === 0
        // A read asks for one page: the whole list, hundreds of todos by the end, cost the servers
        // more CPU with every write and tested nothing more.
        const outcome = write
          ? await send(agent, proxy.port, '/api/v1/todos', token, { title: `todo ${client}-${n}` })
          : await send(agent, proxy.port, '/api/v1/todos?limit=20', token)
        outcomes.push(outcome)
        if (write && outcome.status === 201) created++
        // Steady rather than flat out: a request every few milliseconds crosses each step of a restart,
        // and the machine keeps the CPU for the test files beside this one.
        await delay(PAUSE_MS)
      }
    } finally {
      agent.destroy()
    }
  })

  await delay(1000)
  for (let i = 0; i < servers.length; i++) {
    const old = servers[i] as ServerProcess
    old.child.kill('SIGTERM')
    const exit = await old.exited
    t.equal(exit.code, 0, `instance ${i} drained and exited 0`)
    const next = await startServer(t, { ...env, SERVER_PORT: String(old.port) }, START_WITHIN_MS)
    servers[i] = next
    // Ready itself, then seen ready by the balancer (rise 2 × 250 ms, slower on a loaded machine),
    // before the other instance goes: otherwise the balancer has no server left and answers 503.
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await fetch(`${next.url}/health/ready`)).status === 200) break
      await delay(100)
    }
    await delay(3000)
  }
  await delay(1000)
  running = false
  await Promise.all(loops)

  const failed = outcomes.filter(({ status }) => status !== 200 && status !== 201)
  t.ok(outcomes.length > CLIENTS * 20, `steady load throughout (${outcomes.length} requests)`)
  t.same(failed, [], `none of ${outcomes.length} requests failed across the restarts`)

  const list = await fetch(`http://127.0.0.1:${proxy.port}/api/v1/todos?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  })
  t.equal(list.status, 200)
  t.equal(((await list.json()) as { total: number }).total, created, 'every todo answered 201 is stored')
})
