import http from 'node:http'
import net from 'node:net'
import t from 'tap'
import { backend, freshDatabase, uniqueEmail } from '../helper.js'
import { logged, startServer } from '../server-process.js'

const SHUTDOWN_TIMEOUT_S = 10
const CLIENTS = 6
/** How long the load runs before the signal, so every client is in its stride. */
const WARM_UP_MS = 1500
/** How long the body of the slow upload is held back after the signal. */
const UPLOAD_PAUSE_MS = 400

interface Outcome {
  kind: string
  sentAt: number
  doneAt: number
  status?: number
  /** The body of an answer that was not a success. */
  body?: string
  error?: string
}

/** The outcome of a request that ended in a network error rather than an answer. */
const failure = (kind: string, sentAt: number, error: NodeJS.ErrnoException): Outcome => ({
  kind,
  sentAt,
  doneAt: performance.now(),
  error: error.code ?? error.message,
})

/** One request on the agent's kept-alive connection; resolves with its outcome, never rejects. */
function send(
  agent: http.Agent,
  port: number,
  kind: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Outcome> {
  const sentAt = performance.now()
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: { ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const status = response.statusCode as number
        let body = ''
        response.on('data', (chunk: Buffer) => {
          if (status >= 300) body += chunk
        })
        response.once('end', () =>
          resolve({
            kind,
            sentAt,
            doneAt: performance.now(),
            status,
            ...(status >= 300 ? { body } : {}),
          }),
        )
        response.once('error', (error) => resolve(failure(kind, sentAt, error)))
      },
    )
    request.once('error', (error) => resolve(failure(kind, sentAt, error)))
    request.end(payload)
  })
}

/** Sends a request's head and half its body now, and the rest when `release` resolves. */
function slowUpload(port: number, token: string, release: Promise<void>): Promise<Outcome> {
  const sentAt = performance.now()
  const body = JSON.stringify({ title: 'uploaded across the shutdown', description: 'x'.repeat(400) })
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/todos',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        response.resume()
        response.once('end', () =>
          resolve({ kind: 'slow upload', sentAt, doneAt: performance.now(), status: response.statusCode as number }),
        )
      },
    )
    request.once('error', (error) => resolve(failure('slow upload', sentAt, error)))
    request.flushHeaders()
    request.write(body.slice(0, 200))
    void release.then(() => request.end(body.slice(200)))
  })
}

/** Resolves true when a new TCP connection is refused, false when it is accepted. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

t.test(
  'graceful shutdown',
  { skip: backend('postgres', 'graceful shutdown is exercised against PostgreSQL') },
  async (t) => {
    t.test('SIGTERM under keep-alive load finishes every started request and exits 0', async (t) => {
      const database = await freshDatabase()
      t.teardown(() => database.close())
      const server = await startServer(t, {
        DATABASE_URL: database.url as string,
        DB_MIGRATE_ON_START: 'false',
        SERVER_SHUTDOWNTIMEOUT: String(SHUTDOWN_TIMEOUT_S),
      })
      const { port } = server

      const setupAgent = new http.Agent({ keepAlive: true })
      t.teardown(() => setupAgent.destroy())
      const credentials = { name: 'Load Tester', email: uniqueEmail('shutdown'), password: 'correct horse battery' }
      const registered = await fetch(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      })
      t.equal(registered.status, 200, 'registered')
      const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token
      const headers = { authorization: `Bearer ${token}` }
      for (let i = 0; i < 3; i++) {
        const created = await send(setupAgent, port, 'create', {
          method: 'POST',
          path: '/api/v1/todos',
          headers,
          body: { title: `todo ${i}` },
        })
        t.equal(created.status, 201, 'todo created')
      }

      // Several keep-alive clients in a loop: mostly list reads, every third a login (bcrypt in a worker).
      const outcomes: Outcome[] = []
      let stopped = false
      void server.exited.then(() => {
        stopped = true
      })
      const loops = Array.from({ length: CLIENTS }, async (_, client) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
        try {
          for (let n = 0; !stopped; n++) {
            const outcome =
              (n + client) % 3 === 0
                ? await send(agent, port, 'login', {
                    method: 'POST',
                    path: '/api/v1/auth/login',
                    body: { email: credentials.email, password: credentials.password },
                  })
                : await send(agent, port, 'list', { method: 'GET', path: '/api/v1/todos', headers })
            outcomes.push(outcome)
            // A refused connection means the server is gone: this client stops like a balancer would.
            if (outcome.error === 'ECONNREFUSED') break
          }
        } finally {
          agent.destroy()
        }
      })

      // Steady load before the signal: a few requests answered for each client. That takes WARM_UP_MS on
      // a quiet machine, and longer on a busy one, where a fixed wait found too few done.
      const warming = performance.now()
      await waitFor(WARM_UP_MS)
      while (outcomes.length <= CLIENTS * 5 && performance.now() - warming < 60_000) await waitFor(50)
      let releaseUpload = () => {}
      const upload = slowUpload(
        port,
        token,
        new Promise((resolve) => {
          releaseUpload = resolve
        }),
      )
      await waitFor(100)
      const before = outcomes.length
      const signalledAt = performance.now()
      server.child.kill('SIGTERM')
      setTimeout(releaseUpload, UPLOAD_PAUSE_MS)

      // The process announces the shutdown, then the listener closes: a new connection is refused.
      await logged(server, (line) => line.msg === 'shutting down: finishing in-flight requests', 5000)
      let refused = false
      for (let attempt = 0; attempt < 50 && !refused; attempt++) {
        refused = await connectionRefused(port)
        if (!refused) await waitFor(20)
      }
      t.ok(refused, 'new connections are refused once shutdown has begun')

      const exit = await Promise.race([server.exited, waitFor((SHUTDOWN_TIMEOUT_S + 5) * 1000).then(() => undefined)])
      stopped = true
      await Promise.all(loops)
      const uploaded = await upload

      t.ok(exit, 'the process exited')
      if (!exit) return
      t.equal(exit.code, 0, 'exit code 0')
      const shutdownMs = exit.at - signalledAt
      t.ok(shutdownMs < SHUTDOWN_TIMEOUT_S * 1000, `exited ${Math.round(shutdownMs)}ms after SIGTERM`)
      t.notOk(
        server.logs.some((line) => /shutdown (timed out|failed)/.test(String(line.msg))),
        'no forced or failed shutdown',
      )

      t.equal(uploaded.status, 201, 'a request whose body was still arriving completes normally')

      const started = outcomes.filter((outcome) => outcome.sentAt < signalledAt)
      const straddling = started.filter((outcome) => outcome.doneAt > signalledAt)
      const failed = started.filter((outcome) => outcome.status !== (outcome.kind === 'create' ? 201 : 200))
      t.ok(before > CLIENTS * 5, `steady load before the signal (${before} requests done)`)
      t.ok(straddling.length > 0, `${straddling.length} requests were in flight at the signal`)
      t.same(
        failed.map(({ kind, status, error }) => ({ kind, status, error })),
        [],
        `every one of the ${started.length} requests started before the signal answered normally`,
      )

      // Requests sent after the signal may be turned away, but only cleanly: a normal answer, Fastify's
      // 503 while closing, or a refused or closed connection. None may hang past the exit.
      const later = outcomes.filter((outcome) => outcome.sentAt >= signalledAt)
      const unclean = later.filter(
        (outcome) =>
          !(
            outcome.status === 200 ||
            outcome.status === 503 ||
            ['ECONNREFUSED', 'ECONNRESET', 'socket hang up', 'EPIPE'].includes(outcome.error ?? '')
          ),
      )
      t.same(unclean, [], 'requests after the signal were answered or turned away cleanly')
      t.ok(
        later.every((outcome) => outcome.doneAt <= exit.at + 1000),
        'no request outlived the process',
      )
      t.same(
        later.filter((outcome) => outcome.status === 503).map(({ body }) => body),
        [],
        'a request arriving on an open connection during the drain is served, not given a bare 503',
      )
      const tally = (list: Outcome[]) =>
        JSON.stringify(
          list.reduce<Record<string, number>>((counts, { status, error }) => {
            const key = String(status ?? error)
            counts[key] = (counts[key] ?? 0) + 1
            return counts
          }, {}),
        )
      t.comment(
        `before the signal: ${tally(started)}; after: ${tally(later)}; shutdown took ${Math.round(shutdownMs)}ms`,
      )
    })
  },
)
