import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openDatabase, pragma } from "./Database.js"

describe("openDatabase", () => {
  it("opens in WAL mode with the connection's settings applied", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ad-db-")), "events.db")
    const db = openDatabase(file, { walAutoCheckpointPages: 256 })
    try {
      expect(pragma(db, "journal_mode")).toBe("wal")
      expect(pragma(db, "synchronous")).toBe(1) // NORMAL
      expect(pragma(db, "wal_autocheckpoint")).toBe(256)
      expect(pragma(db, "journal_size_limit")).toBe(256 * 2 * 4096)
    } finally {
      db.close()
    }
    const plain = openDatabase(file)
    try {
      expect(pragma(plain, "synchronous")).toBe(1)
      expect(pragma(plain, "wal_autocheckpoint")).toBe(1000) // SQLite's default
    } finally {
      plain.close()
    }
  })

  it("refuses a checkpoint interval that is not a whole number", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ad-db-")), "events.db")
    expect(() => openDatabase(file, { walAutoCheckpointPages: 0.5 })).toThrow(RangeError)
  })
})
