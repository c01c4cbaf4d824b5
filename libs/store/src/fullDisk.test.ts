import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { EventStoreCore } from "./EventStoreCore.js"

/** A real full disk: a 512 KiB tmpfs (needs root and mount permission, as in CI; skipped elsewhere). */
const mountSmallDisk = (): string | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-full-"))
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", dir])
  if (mounted.status !== 0) {
    fs.rmdirSync(dir)
    return undefined
  }
  return dir
}

describe("a full disk", () => {
  it("is a StoreFailure with reason full, and what was written before stays readable", (context) => {
    const disk = mountSmallDisk()
    if (disk === undefined) return context.skip()
    try {
      const store = EventStoreCore.open({ home: disk })
      store.append("invocation-a", [{ type: "command.start", payload: { command: "snapshot" } }])
      const big = "x".repeat(64 * 1024)
      let failure: { _tag?: string; reason?: string } | undefined
      for (let i = 0; i < 64 && failure === undefined; i++) {
        try {
          store.append(`invocation-fill-${i}`, [{ type: "fill", payload: { big } }])
        } catch (error) {
          failure = error as { _tag?: string; reason?: string }
        }
      }
      assert.strictEqual(failure?._tag, "StoreFailure")
      assert.strictEqual(failure?.reason, "full")
      assert.strictEqual(store.readStream("invocation-a").length, 1)
      store.close()
    } finally {
      spawnSync("umount", [disk])
      fs.rmSync(disk, { recursive: true, force: true })
    }
  })
})
