/**
 * The store's contract suite runs against each backend: `describe.each(BACKENDS)` and `useBackend(name)` inside,
 * which gives every test a fresh store — a new state root (SQLite's file lives there), and for PostgreSQL also a new
 * database on the file's one private cluster (postgresCluster.ts). `AGENT_DESKTOP_TEST_BACKENDS=sqlite` (or
 * `postgres`) narrows the run.
 */
import * as path from "node:path"
import { afterAll, beforeAll } from "vitest"
import { openDatabase } from "../src/Database.js"
import { DATABASE_FILE } from "../src/StateRoot.js"
import type { EventStoreOptions } from "../src/EventStoreCore.js"
import type { Origin } from "../src/Origin.js"
import { removeHome, tempHome } from "./fixtures.js"
import { type PostgresCluster, startCluster } from "../src/testing/postgresCluster.js"

export type BackendName = "sqlite" | "postgres"

export const BACKENDS: ReadonlyArray<BackendName> = (process.env["AGENT_DESKTOP_TEST_BACKENDS"] ?? "sqlite,postgres")
  .split(",")
  .filter((name): name is BackendName => name === "sqlite" || name === "postgres")

/** Events in tests come from one named machine, so results do not depend on where the suite runs. */
export const TEST_ORIGIN: Origin = { host: "test-host", desktop: ":99" }

export interface Backend {
  readonly name: BackendName
  /** Options for a fresh, empty store (call in beforeEach). */
  fresh(): Promise<{ readonly home: string; readonly store: string; readonly origin: Origin }>
  /** Runs SQL on a fresh store's database directly (rows written the way an older version did); `?` placeholders. */
  raw(target: { readonly home: string; readonly store: string }, sql: string, params?: ReadonlyArray<string | number | null>): Promise<void>
  /** The cluster, for PostgreSQL (undefined for SQLite). */
  readonly cluster: PostgresCluster | undefined
  /** Removes the state roots made so far. */
  cleanup(): void
}

export const useBackend = (name: BackendName): Backend => {
  let cluster: PostgresCluster | undefined
  const homes: Array<string> = []
  if (name === "postgres") {
    beforeAll(async () => {
      cluster = await startCluster()
    }, 60_000)
    afterAll(async () => {
      await cluster?.destroy()
    })
  }
  return {
    name,
    get cluster() {
      return cluster
    },
    fresh: async () => {
      const home = tempHome()
      homes.push(home)
      const store = name === "postgres" ? await cluster!.createDatabase() : "sqlite"
      return { home, store, origin: TEST_ORIGIN }
    },
    raw: async (target, sql, params = []) => {
      if (name === "sqlite") {
        const db = openDatabase(path.join(target.home, DATABASE_FILE))
        try {
          db.prepare(sql).run(...params)
        } finally {
          db.close()
        }
        return
      }
      let n = 0
      const database = /^postgres:\/\/[^/]*\/([^?]+)/.exec(target.store)![1]!
      await cluster!.sql(sql.replace(/\?/g, () => `$${++n}`), params, database)
    },
    cleanup: () => homes.splice(0).forEach(removeHome)
  }
}

export type FreshStore = Pick<EventStoreOptions, "home" | "store" | "origin">
