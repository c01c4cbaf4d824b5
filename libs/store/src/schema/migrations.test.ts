import { assert, describe, it } from "@effect/vitest"
import * as path from "node:path"
import { BACKENDS, TEST_ORIGIN, useBackend } from "../../test/backends.js"
import { snapshot } from "../../test/fixtures.js"
import { migrateSqlite, userVersion } from "../Database.js"
import { EventStoreCore } from "../EventStoreCore.js"
import { migratePostgres, postgresVersion, postgresWorker } from "../postgres/openPostgres.js"
import { PostgresDriver } from "../postgres/PostgresDriver.js"
import { chooseSqliteBinding, openSqliteDriver } from "../sql/openSqlite.js"
import type { SqlDriver } from "../sql/SqlDriver.js"
import { DATABASE_FILE } from "../StateRoot.js"
import { PROJECTION_TABLES } from "./Migration.js"
import { POSTGRES_MIGRATIONS } from "./postgres.js"
import { SQLITE_MIGRATIONS } from "./sqlite.js"

interface Schema {
  readonly db: SqlDriver
  version(): number
  migrate(target: number): void
  tables(): ReadonlyArray<string>
  columns(table: string): ReadonlyArray<string>
}

const sqliteSchema = (file: string): Schema => {
  const db = openSqliteDriver(file, chooseSqliteBinding(), 1000)
  return {
    db,
    version: () => userVersion(db),
    migrate: (target) => migrateSqlite(db, target),
    tables: () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all().map((r) => String(r["name"])),
    columns: (table) => db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).all(table).map((r) => String(r["name"]))
  }
}

const postgresSchema = (url: string): Schema => {
  const db = new PostgresDriver(postgresWorker(url), { busyTimeoutMs: 2000, callTimeoutMs: 15_000, label: "migrations" })
  return {
    db,
    version: () => postgresVersion(db),
    migrate: (target) => migratePostgres(db, target),
    tables: () => db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'agent_desktop_schema' ORDER BY tablename`).map((r) => String(r["tablename"])),
    columns: (table) => db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position`, [table]).map((r) => String(r["column_name"]))
  }
}

describe.each(BACKENDS)("schema migrations on %s", (backendName) => {
  const backend = useBackend(backendName)
  const migrations = backendName === "postgres" ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS

  it("go up and down step by step; events (and everything rebuilt from them) survive every step that keeps their table", async () => {
    const target = await backend.fresh()
    const schema = backendName === "postgres" ? postgresSchema(target.store) : sqliteSchema(path.join(target.home, DATABASE_FILE))
    try {
      assert.deepStrictEqual(migrations.map((m) => m.version), [1, 2, 3])
      schema.migrate(3)
      assert.strictEqual(schema.version(), 3)
      assert.deepStrictEqual([...schema.tables()].sort(), ["events", ...PROJECTION_TABLES].sort())
      assert.includeMembers([...schema.columns("events")], ["host", "desktop"])

      const write = () => {
        const store = EventStoreCore.open({ ...target, now: () => 1_700_000_000_000 })
        store.startSession({ id: "kept" })
        store.saveSnapshot("kept", snapshot("s1111"))
        store.appendInvocation({ invocationId: "i1", namespace: "kept", events: [{ type: "command.start", payload: { command: "snapshot", args: { app: "gedit" }, pid: 1 } }] })
        store.close()
      }
      write()
      const before = schema.db.prepare(`SELECT position, stream, seq, type FROM events ORDER BY position`).all()
      assert.strictEqual(before.length, 3)

      // Down to 2: the fleet columns and the invocations table go; the events stay.
      schema.migrate(2)
      assert.strictEqual(schema.version(), 2)
      assert.notInclude([...schema.tables()], "invocations")
      assert.notInclude([...schema.columns("events")], "host")
      assert.deepStrictEqual(schema.db.prepare(`SELECT position, stream, seq, type FROM events ORDER BY position`).all(), before)

      // Opening with this version migrates it up again; what the projections hold is rebuilt from the same events.
      const reopened = EventStoreCore.open(target)
      assert.strictEqual(schema.version(), 3)
      assert.deepStrictEqual(reopened.readAll().map((e) => [e.position, e.stream, e.seq, e.type, e.host]),
        before.map((r) => [Number(r["position"]), r["stream"], Number(r["seq"]), r["type"], undefined]))
      reopened.rebuildProjections()
      assert.strictEqual(reopened.loadSnapshot("kept", "s1111").snapshot_id, "s1111")
      assert.strictEqual(reopened.getSession("kept")?.ended_at, null)
      assert.strictEqual(reopened.append("invocation-new", [{ type: "x" }]).events[0]!.host, TEST_ORIGIN.host)
      reopened.close()

      // All the way down, then up again: an empty store.
      schema.migrate(0)
      assert.strictEqual(schema.version(), 0)
      assert.deepStrictEqual(schema.tables(), [])
      schema.migrate(3)
      assert.deepStrictEqual([...schema.tables()].sort(), ["events", ...PROJECTION_TABLES].sort())
      assert.strictEqual(Number(schema.db.prepare(`SELECT COUNT(*) AS n FROM events`).get()!["n"]), 0)
    } finally {
      schema.db.close()
      backend.cleanup()
    }
  }, 120_000)

  it("a store written by a newer schema is refused, untouched", async () => {
    const target = await backend.fresh()
    EventStoreCore.open(target).close()
    const schema = backendName === "postgres" ? postgresSchema(target.store) : sqliteSchema(path.join(target.home, DATABASE_FILE))
    try {
      if (backendName === "postgres") schema.db.exec(`UPDATE agent_desktop_schema SET version = 99`)
      else schema.db.exec(`PRAGMA user_version = 99`)
      let failure: { _tag?: string; reason?: string } | undefined
      try {
        EventStoreCore.open(target)
      } catch (error) {
        failure = error as { _tag?: string; reason?: string }
      }
      assert.deepStrictEqual([failure?._tag, failure?.reason], ["StoreFailure", "foreign"])
      assert.strictEqual(schema.version(), 99)
    } finally {
      schema.db.close()
      backend.cleanup()
    }
  })
})
