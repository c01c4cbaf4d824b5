import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { removeHome, tempHome } from "../test/fixtures.js"
import { bundleWorker, run } from "../test/workerProcess.js"
import { EventStoreCore } from "./EventStoreCore.js"

const WORKERS = 16
const EVENTS_PER_WORKER = 40

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
