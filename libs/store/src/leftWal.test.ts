import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { removeHome, tempHome } from "../test/fixtures.js"
import { bundleWorker, run } from "../test/workerProcess.js"
import { EventStoreCore, LEFT_WAL_CHECKPOINT_PAGES } from "./EventStoreCore.js"

const PAGE = 4096

/** One-shot processes that close with `exitsAfterClose` leave the write-ahead log for the next open. */
describe("a store left by processes that exit after close", () => {
  it("keeps every event: the next process (and a normal open) recovers the left log; the log stays bounded", async () => {
    const home = tempHome()
    const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-worker-"))
    try {
      const script = await bundleWorker(bundleDir)
      const wal = path.join(home, "events.db-wal")
      // Sequential one-shot runs, as CLI calls are, then a few at once.
      for (let w = 0; w < 4; w++) {
        const result = await run(script, [home, String(w), "60", "exits"])
        assert.strictEqual(result.code, 0, result.stderr)
        assert.isTrue(fs.existsSync(wal), "the log is left for the next run, not checkpointed and deleted")
      }
      // 4 x 60 x 2 appends and 24 snapshots wrote far more pages than the auto-checkpoint lets the log keep.
      const bound = (LEFT_WAL_CHECKPOINT_PAGES + 64) * (PAGE + 24) + 32
      assert.isAtMost(fs.statSync(wal).size, bound)
      // Overlapping processes keep the log from restarting, so it grows; the next lone run cuts it back.
      const together = await Promise.all([4, 5, 6].map((w) => run(script, [home, String(w), "60", "exits"])))
      for (const result of together) assert.strictEqual(result.code, 0, result.stderr)
      assert.strictEqual((await run(script, [home, "7", "60", "exits"])).code, 0)
      assert.isAtMost(fs.statSync(wal).size, 2 * LEFT_WAL_CHECKPOINT_PAGES * PAGE)

      const store = EventStoreCore.open({ home })
      const shared = store.readStream("shared")
      assert.strictEqual(shared.length, 8 * 60)
      assert.deepStrictEqual(shared.map((e) => e.seq), Array.from({ length: shared.length }, (_, i) => i + 1))
      for (let w = 0; w < 8; w++) assert.strictEqual(store.readStream(`invocation-w${w}`).length, 60)
      store.close()
      // A normal close checkpoints and removes the log, as before.
      assert.isFalse(fs.existsSync(wal))
    } finally {
      removeHome(home)
      fs.rmSync(bundleDir, { recursive: true, force: true })
    }
  }, 120_000)
})
