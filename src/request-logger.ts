import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>
type Bindings = Parameters<ChildLoggerFactory>[1]
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2]

/** The log methods, called as pino takes them: whatever arguments they were given. */
type LogMethods = Record<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', (...args: unknown[]) => void>

/**
 * A request's logger, whose pino child is made the first time something logs through it. Fastify asks
 * for a child per request, and pino builds one eagerly: its formatters, and its bindings serialised
 * through the redaction paths (the wildcard paths run over every binding). At LOG_LEVEL=warn most
 * requests never log, and that child was a few percent of the CPU of an authenticated read.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options)
    return this.#child
  }

  #methods(): LogMethods {
    return this.#logger() as unknown as LogMethods
  }

  // A route's own log level, otherwise the parent's: what the child would have, without making it.
  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#logger().level = level
  }

  fatal(...args: unknown[]): void {
    this.#methods().fatal(...args)
  }

  error(...args: unknown[]): void {
    this.#methods().error(...args)
  }

  warn(...args: unknown[]): void {
    this.#methods().warn(...args)
  }

  info(...args: unknown[]): void {
    this.#methods().info(...args)
  }

  debug(...args: unknown[]): void {
    this.#methods().debug(...args)
  }

  trace(...args: unknown[]): void {
    this.#methods().trace(...args)
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options)
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, with the bindings and options Fastify gives. */
export const requestLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options)
