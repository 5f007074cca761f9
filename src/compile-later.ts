/**
 * Schemas compiled on first use. Compiling every route's validators and serializers at start-up took
 * about half a second of a core (some 90 serializers and 40 validators), mostly for answers an instance
 * gives rarely or never; each now compiles on its first call, and once the service listens the rest
 * compile in the event loop's spare turns, so a schema that cannot compile is still reported moments
 * after the start rather than at its first use.
 */
export class CompileLater {
  readonly #waiting = new Set<() => unknown>()

  /**
   * A function that compiles on its first call and then runs what `compile` made. Ajv reports a
   * validation's failures on the validator's `errors`, which Fastify reads from the function it was given.
   */
  wrap<F extends (...args: never[]) => unknown>(compile: () => F): F {
    let compiled: F | undefined
    const force = () => {
      compiled ??= compile()
      this.#waiting.delete(force)
      return compiled
    }
    this.#waiting.add(force)
    const call = (...args: Parameters<F>) => (compiled ?? force())(...args)
    // Read through to the compiled function, rather than copied onto this one after every call.
    Object.defineProperty(call, 'errors', { get: () => (compiled as { errors?: unknown } | undefined)?.errors })
    return call as F
  }

  /** Compiles everything no call has needed yet, one a turn of the event loop; resolves to the failures. */
  async rest(): Promise<unknown[]> {
    const failures: unknown[] = []
    for (const force of this.#waiting) {
      await new Promise((resolve) => setImmediate(resolve))
      try {
        force()
      } catch (error) {
        failures.push(error)
        this.#waiting.delete(force)
      }
    }
    return failures
  }
}
