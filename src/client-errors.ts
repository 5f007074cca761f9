import { randomUUID } from 'node:crypto'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { ErrorCode, Message } from './errors.js'

/** Node's own timeout for receiving a request (SERVER_READTIMEOUT). */
const REQUEST_TIMEOUT = 'ERR_HTTP_REQUEST_TIMEOUT'

/**
 * What a client gets when Node's HTTP parser gives up on its connection before any route answers:
 * SERVER_READTIMEOUT passed (408 `REQUEST_TIMEOUT`: the client's slowness, logged at warn), or bytes
 * that are no HTTP request (400 `Invalid request data format`). Both in the envelope with a request id,
 * and one warn line, like every other refused request; Fastify's default writes a body of its own and
 * logs at trace. The connection is closed after.
 */
export function answerClientError(log: FastifyBaseLogger, error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const timedOut = error.code === REQUEST_TIMEOUT
  const status = timedOut ? 408 : 400
  const requestId = randomUUID()
  // The request being received, when Node had parsed its head.
  const path = (socket as { _httpMessage?: { req?: { url?: string } } })._httpMessage?.req?.url?.split('?')[0] ?? ''
  const body = JSON.stringify({
    success: false,
    error: {
      code: timedOut ? ErrorCode.REQUEST_TIMEOUT : ErrorCode.VALIDATION_ERROR,
      message: timedOut ? Message.REQUEST_TIMEOUT : Message.INVALID_FORMAT,
      timestamp: new Date().toISOString(),
      path,
      request_id: requestId,
    },
  })
  log.warn(
    {
      request_id: requestId,
      status,
      ip: socket.remoteAddress,
      url: path,
      err: { type: 'ClientError', code: error.code },
    },
    'request rejected',
  )
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${timedOut ? 'Request Timeout' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy()
}
