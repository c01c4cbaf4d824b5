import type { SqlDriver, SqlStatement } from "./sql/SqlDriver.js"

/** Prepared statements, made on first use: the CLI opens the store on every call and uses a handful of them. */
export class Statements {
  readonly #cache = new Map<string, SqlStatement>()
  constructor(readonly db: SqlDriver) {}

  get(sql: string): SqlStatement {
    let statement = this.#cache.get(sql)
    if (statement === undefined) {
      statement = this.db.prepare(sql)
      this.#cache.set(sql, statement)
    }
    return statement
  }
}
