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

    // A failed login is held to the slowest cost in use (services/passwords.ts): that includes the costs
    // of hashes made before BCRYPT_COST changed, which no login may have touched since start-up.
    const hasher = passwords
    app.addHook('onReady', async () => {
      try {
        hasher.costsInUse(await app.repos.users.hashCostsInUse())
      } catch (error) {
        app.log.warn({ err: error }, 'could not read the password costs in use; failed logins are held to BCRYPT_COST')
      }
    })
  },
  { name: 'passwords', dependencies: ['repositories'] },
)
