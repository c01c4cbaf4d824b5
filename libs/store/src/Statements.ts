import type Database from "better-sqlite3"

/** Prepared statements, made on first use: the CLI opens the store on every call and uses a handful of them. */
export class Statements {
  readonly #cache = new Map<string, Database.Statement>()
  constructor(readonly db: Database.Database) {}

  get(sql: string): Database.Statement {
    let statement = this.#cache.get(sql)
    if (statement === undefined) {
      statement = this.db.prepare(sql)
      this.#cache.set(sql, statement)
    }
    return statement
  }
}
