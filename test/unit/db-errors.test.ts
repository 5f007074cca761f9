import { DrizzleQueryError } from 'drizzle-orm/errors'
import t from 'tap'
import { isConnectionFailure, isDatabaseUnavailable, isReadOnly } from '../../src/db/errors.js'

/** An error shaped as the drivers throw it: a code on a Node or PostgreSQL error. */
const driverError = (code: string, message = code): Error => Object.assign(new Error(message), { code })

/** As a query through Drizzle fails: the driver's error is the cause, the query text the message. */
const throughDrizzle = (cause: Error): Error => new DrizzleQueryError('select 1', [], cause)

t.test('a connection lost while a query is written or read is no connection: a 503, never a 500', async (t) => {
  for (const code of ['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', '3D000']) {
    t.ok(isConnectionFailure(driverError(code)), `${code} is a connection failure`)
    t.ok(isConnectionFailure(throughDrizzle(driverError(code))), `${code} under Drizzle is a connection failure`)
    t.ok(isDatabaseUnavailable(throughDrizzle(driverError(code))), `${code} under Drizzle is a 503`)
  }
  t.ok(isConnectionFailure(new Error('PGlite is closed')), 'a closed PGlite is a connection failure')
})

t.test('a database that answers but cannot do the work now is a 503, not a connection failure', async (t) => {
  for (const code of ['25006', '57P01', '57014', '55P03']) {
    t.notOk(isConnectionFailure(driverError(code)), `${code} is not a connection failure`)
    t.ok(isDatabaseUnavailable(throughDrizzle(driverError(code))), `${code} is a 503`)
  }
  t.ok(isReadOnly(throughDrizzle(driverError('25006'))), 'a standby is read-only')
})

t.test('faults of the request or of the code stay what they are', async (t) => {
  for (const code of ['23505', '22021', '42601', 'EACCES']) {
    t.notOk(isDatabaseUnavailable(throughDrizzle(driverError(code))), `${code} is not an outage`)
  }
  t.notOk(isDatabaseUnavailable(new TypeError('undefined is not a function')), 'a bug is not an outage')
})
