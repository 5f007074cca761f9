import { connect } from 'node:net'
import t from 'tap'
import { build, captureLogs, registerUser } from '../helper.js'

interface SlowUpload {
  /** Everything the server wrote back. */
  response: string
  /** Body bytes the client had sent when the server closed the connection. */
  sentBytes: number
}

/**
 * A client that announces a 1000-byte JSON body and sends one byte of it every 100 ms (it would take
 * 100 s): resolves when the server closes the connection.
 */
function slowUpload(origin: string, path: string, headers = ''): Promise<SlowUpload> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let response = ''
    let sentBytes = 1
    socket.on('data', (chunk) => {
      response += chunk
    })
    socket.on('error', reject)
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: test\r\n${headers}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    )
    const drip = setInterval(() => {
      if (socket.writable) {
        socket.write(' ')
        sentBytes++
      }
    }, 100)
    socket.on('close', () => {
      clearInterval(drip)
      resolve({ response, sentBytes })
    })
  })
}

t.test('SERVER_READTIMEOUT cuts a body that arrives too slowly: 408 in the envelope, one warn line', async (t) => {
  const logs = captureLogs()
  const app = await build(t, {
    env: { SERVER_READTIMEOUT: '1s', SERVER_WRITETIMEOUT: '60s', LOG_LEVEL: 'info' },
    logStream: logs.stream,
  })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const { response, sentBytes } = await slowUpload(origin, '/api/v1/auth/login')
  t.match(response, /^HTTP\/1\.1 408 /, 'answered 408')
  t.ok(sentBytes < 999, `the server closed the connection with the body unfinished (${sentBytes} of 1000 bytes)`)
  const [head = '', body = ''] = response.split('\r\n\r\n')
  const requestId = /\r\nx-request-id: ([^\r]+)/i.exec(head)?.[1]
  t.ok(requestId, 'with a request id')
  t.match(JSON.parse(body), {
    success: false,
    error: { code: 'REQUEST_TIMEOUT', message: 'The request was not received in time', request_id: requestId },
  })
  const lines = logs.lines.filter((line) => line.status === 408)
  t.equal(lines.length, 1, 'one line')
  t.match(lines[0], { level: 40, request_id: requestId }, 'at warn, with the request id')
  t.notOk(
    logs.lines.some((line) => Number(line.level) >= 50),
    'nothing at error: a slow client is no fault of the service',
  )
})

t.test('bytes that are no HTTP request: 400 in the envelope', async (t) => {
  const app = await build(t)
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const { hostname, port } = new URL(origin)
  const response = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.write('NOT HTTP AT ALL\r\n\r\n')
  })
  t.match(response, /^HTTP\/1\.1 400 /, 'answered 400')
  t.match(JSON.parse(response.split('\r\n\r\n')[1] ?? ''), {
    success: false,
    error: { code: 'VALIDATION_ERROR', message: 'Invalid request data format' },
  })
})

t.test('a write deadline reached while the body still arrives is the client’s 408 at warn, not a 503', async (t) => {
  const logs = captureLogs()
  const app = await build(t, {
    env: { SERVER_READTIMEOUT: '60s', SERVER_WRITETIMEOUT: '1s', LOG_LEVEL: 'info' },
    logStream: logs.stream,
  })
  // Registered on an app without the short deadline: a loaded machine's first hash can take a second.
  const user = await registerUser(await build(t, { env: { SERVER_WRITETIMEOUT: '120s' } }))
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  for (const [path, shape] of [
    ['/api/v1/auth/login', /"success":false,"error":\{"code":"REQUEST_TIMEOUT"/],
    ['/api/v1/todos', /\{"error":"The request was not received in time"\}/],
  ] as const) {
    const { response, sentBytes } = await slowUpload(origin, path, `Authorization: ${user.headers.authorization}\r\n`)
    t.match(response, /^HTTP\/1\.1 408 /, `${path}: 408`)
    t.match(response, /\r\nconnection: close\r\n/i, `${path}: and the connection closes`)
    t.match(response, shape, `${path}: in the route's own shape`)
    t.ok(sentBytes < 999, `${path}: before the body was complete`)
  }
  const lines = logs.lines.filter((line) => line.status === 408)
  t.equal(lines.length, 2, 'one line per request')
  for (const line of lines) t.equal(line.level, 40, 'at warn')
  t.notOk(
    logs.lines.some((line) => line.level === 50),
    'nothing at error',
  )
})
