/**
 * Wraps a compiler so that each distinct input (a schema, or the settings a compiler is made from) is
 * compiled once per process, told apart by its JSON. What it makes is a pure function of that input; a
 * process that builds many apps (the tests build hundreds) would otherwise compile the same schemas
 * again for each, and Fastify hands compilers copies of a route's schemas, so the objects themselves
 * cannot tell them apart.
 */
export function compileOnce<Input, Output>(
  compile: (input: Input) => Output,
  schemaOf: (input: Input) => unknown = (input) => input,
): (input: Input) => Output {
  const compiled = new Map<string, Output>()
  return (input) => {
    const key = JSON.stringify(schemaOf(input))
    let output = compiled.get(key)
    if (output === undefined) {
      output = compile(input)
      compiled.set(key, output)
    }
    return output
  }
}
