// better-sqlite3 is an optional dependency: npm leaves it out with --omit=optional and removes it when its native
// build fails (no compiler). The store, bundled as the CLI's `mcp`/`serve` modes and wave bundle it (better-sqlite3
// external, ES module), must then still load: on node:sqlite it works, and where better-sqlite3 is the binding its
// absence is a StoreFailure of reason `binding` that says what is missing. The bundle runs from a directory where
// better-sqlite3 cannot be resolved.
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { EventStoreCore } from "../EventStoreCore.js"
import { nodeSqliteModule } from "./nodeSqlite.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const hasNodeSqlite = nodeSqliteModule() !== undefined

const SCRIPT = `
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { EventStoreCore } from ${JSON.stringify(path.join(here, "..", "index.ts"))}
const home = fs.mkdtempSync(path.join(os.tmpdir(), "store-no-better-sqlite3-home-"))
try {
  const store = EventStoreCore.open({ home, env: process.env.FORCE === "1" ? { AGENT_DESKTOP_SQLITE: "better-sqlite3" } : {} })
  store.append("invocation-a", [{ type: "command.start" }])
  console.log(JSON.stringify({ driver: store.driver, events: store.readStream("invocation-a").length }))
  store.close()
} catch (error) {
  console.log(JSON.stringify({ tag: error._tag, reason: error.reason, message: error.message }))
} finally {
  fs.rmSync(home, { recursive: true, force: true })
}
`

describe("the store without better-sqlite3 installed", () => {
  const run = async (force: boolean): Promise<{ readonly result: Record<string, unknown>; readonly stderr: string }> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-no-better-sqlite3-"))
    try {
      assert.throws(() => createRequire(path.join(dir, "x.js")).resolve("better-sqlite3"), /Cannot find module/)
      const outfile = path.join(dir, "store.mjs")
      await build({
        stdin: { contents: SCRIPT, resolveDir: here, loader: "ts" },
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        outfile,
        external: ["better-sqlite3"],
        conditions: ["@agent-desktop/source"],
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
        logLevel: "error"
      })
      const child = spawnSync(process.execPath, [outfile], { encoding: "utf8", env: { ...process.env, FORCE: force ? "1" : "0" }, timeout: 60_000 })
      assert.strictEqual(child.status, 0, child.stderr)
      return { result: JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>, stderr: child.stderr }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  // Also: nothing on stderr. Node 22 warns that SQLite is experimental when node:sqlite loads; the store keeps that
  // off its user's stderr (wave's and the CLI's tests read stderr as theirs).
  it.skipIf(!hasNodeSqlite)("loads, and the store works on node:sqlite, with nothing on stderr", async () => {
    assert.deepStrictEqual(await run(false), { result: { driver: "node:sqlite", events: 1 }, stderr: "" })
  }, 120_000)

  it("loads, and opening on better-sqlite3 is StoreFailure `binding` naming the missing package", async () => {
    const { result } = await run(true)
    assert.deepStrictEqual([result["tag"], result["reason"]], ["StoreFailure", "binding"])
    assert.match(String(result["message"]), /better-sqlite3 cannot be loaded: the better-sqlite3 package is not installed/)
    assert.match(String(result["message"]), hasNodeSqlite ? /has node:sqlite, which AGENT_DESKTOP_SQLITE=better-sqlite3 set aside/ : /has no node:sqlite/)
  }, 120_000)

  // The repository's better-sqlite3 is built for the machine's Node; on another Node its addon does not load.
  const repositoryAddonLoads = (() => {
    try {
      const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => { close(): void }
      new Database(":memory:").close()
      return true
    } catch {
      return false
    }
  })()

  it.skipIf(repositoryAddonLoads)("an addon built for another Node: StoreFailure `binding` saying so", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "store-abi-"))
    try {
      let failure: { _tag?: string; reason?: string; message?: string } | undefined
      try {
        EventStoreCore.open({ home, env: { AGENT_DESKTOP_SQLITE: "better-sqlite3" } }).close()
      } catch (error) {
        failure = error as typeof failure
      }
      assert.deepStrictEqual([failure?._tag, failure?.reason], ["StoreFailure", "binding"])
      assert.match(String(failure?.message), /native addon does not load in this Node \(/, String(failure?.message))
    } finally {
      fs.rmSync(home, { recursive: true, force: true })
    }
  })
})
