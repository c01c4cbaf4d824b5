import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openDatabase } from "./Database.js"

describe("openDatabase", () => {
  it("opens in WAL mode with the connection's settings applied", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ad-db-")), "events.db")
    const db = openDatabase(file, { walAutoCheckpointPages: 256 })
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
      expect(db.pragma("synchronous", { simple: true })).toBe(1) // NORMAL
      expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(256)
      expect(db.pragma("journal_size_limit", { simple: true })).toBe(256 * 2 * 4096)
    } finally {
      db.close()
    }
    const plain = openDatabase(file)
    try {
      expect(plain.pragma("synchronous", { simple: true })).toBe(1)
      expect(plain.pragma("wal_autocheckpoint", { simple: true })).toBe(1000) // SQLite's default
    } finally {
      plain.close()
    }
  })

  it("refuses a checkpoint interval that is not a whole number", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ad-db-")), "events.db")
    expect(() => openDatabase(file, { walAutoCheckpointPages: 0.5 })).toThrow(RangeError)
  })
})
