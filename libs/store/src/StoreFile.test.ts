import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { removeHome, tempHome } from "../test/fixtures.js"
import { EventStoreCore } from "./EventStoreCore.js"
import { chooseSqliteBinding, openSqliteDriver } from "./sql/openSqlite.js"

const openError = (home: string): { _tag?: string; reason?: string; message: string } => {
  try {
    EventStoreCore.open({ home }).close()
  } catch (error) {
    return error as { _tag?: string; reason?: string; message: string }
  }
  throw new Error("the store opened")
}

describe("the database file", () => {
  it("refuses a 0-byte events.db instead of silently starting an empty store", () => {
    const home = tempHome()
    fs.writeFileSync(path.join(home, "events.db"), "", { mode: 0o600 })
    const error = openError(home)
    assert.strictEqual(error.reason, "corrupt")
    assert.match(error.message, /empty \(0 bytes\)/)
    assert.strictEqual(fs.statSync(path.join(home, "events.db")).size, 0)
    removeHome(home)
  })

  it("refuses another program's SQLite database and a file that is not SQLite, leaving both untouched", () => {
    const home = tempHome()
    const file = path.join(home, "events.db")
    const other = openSqliteDriver(file, chooseSqliteBinding(), 1000)
    other.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x')")
    other.close()
    fs.chmodSync(file, 0o600)
    const before = fs.readFileSync(file)
    assert.strictEqual(openError(home).reason, "foreign")
    assert.deepStrictEqual(fs.readFileSync(file), before)
    fs.writeFileSync(file, "this is a text file, not a database, long enough to have a header.........................")
    assert.strictEqual(openError(home).reason, "foreign")
    removeHome(home)
  })

  it("creates a new store whole (no temporary files left) and reopens it", () => {
    const home = tempHome()
    const store = EventStoreCore.open({ home })
    store.append("invocation-a", [{ type: "command.start" }])
    store.close()
    assert.deepStrictEqual(fs.readdirSync(home).filter((name) => name.includes(".new-")), [])
    const again = EventStoreCore.open({ home })
    assert.strictEqual(again.readStream("invocation-a").length, 1)
    again.close()
    removeHome(home)
  })
})
