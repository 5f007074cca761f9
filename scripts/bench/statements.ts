/**
 * The service's own statements for the baselines: the SQL text Drizzle builds from the repositories'
 * queries, with the names of the values to bind in order. `compileBaselines` writes them beside the
 * compiled baselines, which prepare them through postgres.js: word for word what the service prepares.
 */
import { Placeholder } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/postgres-js'
import { listJsonStatement } from '../../src/db/repositories/todos.js'
import { userByIdQuery } from '../../src/db/repositories/users.js'
import * as schema from '../../src/db/schema.js'

export interface Statement {
  text: string
  /** The placeholder behind each of $1, $2, … */
  values: string[]
}

function statementOf(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql, params } = query.toSQL()
  const values = params.map((param) => {
    // A literal would be bound by the service but lost here: every value of these queries is a placeholder.
    if (!(param instanceof Placeholder)) throw new Error(`a baseline statement binds a literal: ${sql}`)
    return param.name
  })
  return { text: sql, values }
}

export function serviceStatements() {
  const db = drizzle.mock({ schema })
  const todosList = { toSQL: () => new PgDialect().sqlToQuery(listJsonStatement()) }
  return { todosList: statementOf(todosList), userById: statementOf(userByIdQuery(db)) }
}

export type StatementName = keyof ReturnType<typeof serviceStatements>
