import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'
import type { CompileLater } from './compile-later.js'
import { compileOnce } from './compile-once.js'

type SerializerFactory = ReturnType<typeof SerializerSelector>
type SharedSchemas = Parameters<SerializerFactory>[0]

const fastJsonStringify = SerializerSelector()

/** One compiler per distinct set of shared schemas and options, each compiling a distinct schema once. */
const compilerFor = compileOnce(([externalSchemas, options]: Parameters<SerializerFactory>) =>
  compileOnce(fastJsonStringify(externalSchemas, options), (route) => route.schema),
)

/**
 * Fastify's own serializer compiler, compiling each distinct response schema once (with `later`, on
 * its first use). Fastify compiles one serializer per status of every route, and many of those are the
 * same few error shapes (286 compilations of 91 schemas at the last count).
 *
 * Each compilation is handed only the shared schemas its response refers to: fast-json-stringify checks
 * every shared schema it is given against the JSON Schema meta-schema and indexes it, on every
 * compilation, which for all 23 of them cost about as much again as the compiling itself.
 */
export function sharedSerializers(later?: CompileLater): NonNullable<FastifyServerOptions['schemaController']> {
  const buildSerializer: SerializerFactory = (externalSchemas, options) => (route) => {
    const compile = () => compilerFor([referencedBy(route.schema, externalSchemas), options])(route)
    return later ? later.wrap(compile) : compile()
  }
  return { compilersFactory: { buildSerializer } }
}

/** The shared schemas `schema` refers to by `$ref`, directly or through one another. */
function referencedBy(schema: unknown, shared: SharedSchemas): SharedSchemas {
  const all = shared as Record<string, unknown>
  const found: Record<string, unknown> = {}
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    for (const [key, value] of Object.entries(node)) {
      const id = key === '$ref' && typeof value === 'string' ? value.split('#')[0] : undefined
      if (id === undefined) visit(value)
      else if (id in all && !(id in found)) {
        found[id] = all[id]
        visit(all[id])
      }
    }
  }
  visit(schema)
  return found as SharedSchemas
}
