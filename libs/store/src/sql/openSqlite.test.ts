import { assert, describe, it } from "@effect/vitest"
import { removeHome, tempHome } from "../../test/fixtures.js"
import { EventStoreCore } from "../EventStoreCore.js"
import { chooseSqliteBinding, openSqliteDriver } from "./openSqlite.js"
import { nodeSqliteModule } from "./nodeSqlite.js"
import { sqliteCodeName } from "./sqliteErrors.js"

const hasNodeSqlite = nodeSqliteModule() !== undefined

describe("the SQLite binding", () => {
  it("is node:sqlite where Node has it, better-sqlite3 elsewhere, and what AGENT_DESKTOP_SQLITE names", () => {
    assert.strictEqual(chooseSqliteBinding({}), hasNodeSqlite ? "node:sqlite" : "better-sqlite3")
    assert.strictEqual(chooseSqliteBinding({ AGENT_DESKTOP_SQLITE: "better-sqlite3" }), "better-sqlite3")
    assert.throws(() => chooseSqliteBinding({ AGENT_DESKTOP_SQLITE: "sqlite4" }), /better-sqlite3 or node:sqlite/)
    const home = tempHome()
    try {
      const store = EventStoreCore.open({ home, env: {} })
      assert.strictEqual(store.driver, hasNodeSqlite ? "node:sqlite" : "better-sqlite3")
      store.close()
    } finally {
      removeHome(home)
    }
  })

  it("names SQLite's result codes as better-sqlite3 does", () => {
    assert.deepStrictEqual([5, 517, 13, 778, 8, 1032, 26, 11].map(sqliteCodeName), [
      "SQLITE_BUSY", "SQLITE_BUSY", "SQLITE_FULL", "SQLITE_IOERR_WRITE", "SQLITE_READONLY", "SQLITE_READONLY", "SQLITE_NOTADB", "SQLITE_CORRUPT"
    ])
  })

  it("a write blocked past its budget by another connection is StoreFailure busy, and nothing is written", () => {
    const home = tempHome()
    const store = EventStoreCore.open({ home, env: {} })
    const other = openSqliteDriver(store.databasePath, chooseSqliteBinding({}), 1000)
    try {
      other.exec("BEGIN IMMEDIATE")
      let failure: { _tag?: string; reason?: string } | undefined
      try {
        store.append("invocation-a", [{ type: "command.start" }], { busyTimeoutMs: 50 })
      } catch (error) {
        failure = error as { _tag?: string; reason?: string }
      }
      assert.deepStrictEqual([failure?._tag, failure?.reason], ["StoreFailure", "busy"])
      other.exec("ROLLBACK")
      assert.strictEqual(store.readStream("invocation-a").length, 0)
      store.append("invocation-a", [{ type: "command.start" }], { busyTimeoutMs: 50 })
      assert.strictEqual(store.readStream("invocation-a").length, 1)
    } finally {
      other.close()
      store.close()
      removeHome(home)
    }
  })
})
