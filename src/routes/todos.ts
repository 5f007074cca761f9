import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** The per-user todo API: plain bodies, no envelope. (Being built.) */
const todoRoutes: FastifyPluginAsyncTypebox = async () => {}

export default todoRoutes
