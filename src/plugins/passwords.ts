import fp from 'fastify-plugin'
import { createPasswordHasher, type PasswordHasher } from '../services/passwords.js'

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher
  }
}

export interface PasswordsOptions {
  bcryptCost: number
  hashWorkers: number
  hashQueueMax: number
  /** SERVER_WRITETIMEOUT: work that would finish later is refused at once instead of waiting for the 503. */
  maxWaitMs: number
  /** A hasher to share (tests share one pool across apps); the app then leaves it open. */
  passwords?: PasswordHasher
}

/** Decorates `app.passwords`: bcrypt in worker threads behind a bounded queue (services/passwords.ts). */
export default fp<PasswordsOptions>(
  async (app, options) => {
    let passwords = options.passwords
    if (!passwords) {
      const own = createPasswordHasher({
        cost: options.bcryptCost,
        workers: options.hashWorkers,
        queueMax: options.hashQueueMax,
        maxWaitMs: options.maxWaitMs,
      })
      app.addHook('onClose', () => own.close())
      passwords = own
    }
    app.decorate('passwords', passwords)
  },
  { name: 'passwords' },
)
