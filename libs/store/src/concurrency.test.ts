import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { removeHome, tempHome } from "../test/fixtures.js"
import { EventStoreCore } from "./EventStoreCore.js"

const WORKERS = 16
const EVENTS_PER_WORKER = 40

const here = path.dirname(fileURLToPath(import.meta.url))
const nodeModules = path.resolve(path.dirname(createRequire(import.meta.url).resolve("better-sqlite3")), "../..")

/** Node 20 cannot run TypeScript, so the worker is bundled first (better-sqlite3 stays a real native require). */
const bundleWorker = async (outDir: string): Promise<string> => {
  const outfile = path.join(outDir, "appendWorker.cjs")
  await build({
    entryPoints: [path.join(here, "../test/appendWorker.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    external: ["better-sqlite3"],
    conditions: ["@agent-desktop/source"],
    logLevel: "error"
  })
  return outfile
}

const run = (script: string, args: ReadonlyArray<string>): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, NODE_PATH: nodeModules },
      stdio: ["ignore", "ignore", "pipe"]
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stderr }))
  })

describe("many processes, one store", () => {
  it("16 concurrent writers lose nothing and leave gapless seqs", async () => {
    const home = tempHome()
    const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-worker-"))
    try {
      const script = await bundleWorker(bundleDir)
      const results = await Promise.all(
        Array.from({ length: WORKERS }, (_, w) => run(script, [home, String(w), String(EVENTS_PER_WORKER)]))
      )
      for (const result of results) assert.strictEqual(result.code, 0, result.stderr)

      const store = EventStoreCore.open({ home })
      const shared = store.readStream("shared")
      assert.strictEqual(shared.length, WORKERS * EVENTS_PER_WORKER)
      assert.deepStrictEqual(shared.map((e) => e.seq), Array.from({ length: shared.length }, (_, i) => i + 1))
      const seen = new Set(shared.map((e) => JSON.stringify(e.payload)))
      for (let w = 0; w < WORKERS; w++) {
        for (let i = 0; i < EVENTS_PER_WORKER; i++) assert.isTrue(seen.has(JSON.stringify({ worker: w, i })))
        const own = store.readStream(`invocation-w${w}`)
        assert.deepStrictEqual(own.map((e) => e.seq), Array.from({ length: EVENTS_PER_WORKER }, (_, i) => i + 1))
      }
      const positions = store.readAll().map((e) => e.position)
      assert.strictEqual(new Set(positions).size, positions.length)
      assert.isDefined(store.latestSnapshotId("global"))
      store.close()
    } finally {
      removeHome(home)
      fs.rmSync(bundleDir, { recursive: true, force: true })
    }
  }, 120_000)
})
