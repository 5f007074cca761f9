import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { withoutQueryParameters } from '../db/errors.js'
import { errorBody } from '../envelope.js'
import { type AppError, ErrorCode, Message, notFound, toAppError } from '../errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 400 message for a path id that is not a positive integer, such as `Invalid user ID`. */
    invalidParamsMessage?: string
  }
}

export interface EnvelopeOptions {
  /** docs/contract.md: a 500's cause reaches `details` only in development. */
  exposeInternalErrors: boolean
}

/**
 * Owns the shape of every enveloped answer: fills `meta.request_id` and `meta.timestamp` on success,
 * and answers every error and unknown route with the error envelope. Route plugins that answer in
 * another shape (todos, health) set their own handlers inside their scope.
 */
export default fp<EnvelopeOptions>(
  async (app, options) => {
    // A callback, not a promise: it runs on every answer and never waits.
    app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
      // The payload is the handler's fresh ok(...) object: filled in place, not copied.
      if (isSuccessEnvelope(payload)) {
        const meta = payload.meta ?? {}
        meta.request_id = request.id
        meta.timestamp = new Date().toISOString()
        payload.meta = meta
      }
      done(null, payload)
    })

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error, request.routeOptions.config?.invalidParamsMessage)
      const details =
        appError.code === ErrorCode.INTERNAL_ERROR && options.exposeInternalErrors ? causeText(error) : appError.details
      return sendError(request, reply, appError, error, details)
    })

    app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound(Message.ROUTE_NOT_FOUND), undefined))
  },
  { name: 'envelope', dependencies: ['request-log'] },
)

/** Sends an AppError in the envelope and records the failure for the request log. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  appError: AppError,
  cause: unknown,
  details: unknown = appError.details,
) {
  return sendFailure(request, reply, appError, cause, errorBody(appError, request, details))
}

/** Answers an AppError with its status and headers in the given body shape, keeping the cause for the log. */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  appError: AppError,
  cause: unknown,
  body: unknown,
) {
  request.failure = cause ?? appError
  if (appError.headers) reply.headers(appError.headers)
  return reply.status(appError.statusCode).send(body)
}

function isSuccessEnvelope(payload: unknown): payload is { success: true; meta?: Record<string, unknown> } {
  return typeof payload === 'object' && payload !== null && (payload as { success?: unknown }).success === true
}

function causeText(error: unknown): string {
  const parts: string[] = []
  for (
    let current = withoutQueryParameters(error);
    current instanceof Error;
    current = withoutQueryParameters(current.cause)
  )
    parts.push(current.message)
  return parts.join(': ')
}
