import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'
import { compileOnce } from './compile-once.js'

type SerializerFactory = ReturnType<typeof SerializerSelector>

const fastJsonStringify = SerializerSelector()

/** One compiler per distinct set of shared schemas and options, each compiling a distinct schema once. */
const compilerFor = compileOnce(([externalSchemas, options]: Parameters<SerializerFactory>) =>
  compileOnce(fastJsonStringify(externalSchemas, options), (route) => route.schema),
)

/**
 * Fastify's own serializer compiler, compiling each distinct response schema once. Fastify compiles
 * one serializer per status of every route, and most of those are the same few error shapes (126
 * compilations of 25 schemas at the last count): sharing them took about 150 ms off start-up.
 */
export function sharedSerializers(): NonNullable<FastifyServerOptions['schemaController']> {
  const buildSerializer: SerializerFactory = (externalSchemas, options) => compilerFor([externalSchemas, options])
  return { compilersFactory: { buildSerializer } }
}
