import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { bashTool } from "./BashTool.js"

/** Running means: exists and is not a zombie waiting for a reaper (a container's pid 1 may never reap). */
const running = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

/** Whether `pid` still runs after up to 2 s: the group is killed at once, the signal lands a moment later when loaded. */
const stillRunning = (pid: number) =>
  Effect.gen(function*() {
    for (let i = 0; i < 100 && running(pid); i++) yield* Effect.sleep(20)
    return running(pid)
  })

const context = { callId: "c1", isMain: true }

describe("Bash", () => {
  it.live("returns when the shell exits although a background grandchild holds the pipes, and kills it", () =>
    Effect.gen(function*() {
      const outcome = yield* bashTool(os.tmpdir()).run({ command: "sleep 217 & echo started $!", timeout_ms: 60_000 }, context)
      assert.isTrue(outcome.success, outcome.output)
      const pid = Number(/started (\d+)/.exec(outcome.output)![1])
      assert.isFalse(yield* stillRunning(pid), "the background sleep outlived the call")
    }))

  it.live("kills the whole process group at timeout_ms", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wave-bash-"))
      const outcome = yield* bashTool(dir).run({ command: "(sleep 300; echo late) & echo $! > inner; sleep 300", timeout_ms: 300 }, context)
      assert.isFalse(outcome.success)
      assert.match(outcome.error ?? "", /timed out after 300 ms/)
      assert.isFalse(yield* stillRunning(Number(fs.readFileSync(path.join(dir, "inner"), "utf8"))))
    }))

  it.live("kills the whole process group when the call is aborted", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wave-bash-"))
      const fiber = yield* Effect.forkChild(bashTool(dir).run({ command: "sleep 300 & echo $! > inner; sleep 300" }, context))
      const file = path.join(dir, "inner")
      while (!fs.existsSync(file) || fs.readFileSync(file, "utf8").trim() === "") yield* Effect.sleep("20 millis")
      const inner = Number(fs.readFileSync(file, "utf8"))
      assert.isTrue(running(inner))
      yield* Fiber.interrupt(fiber)
      // Killed synchronously by the finalizer; a few polls only to let the kernel finish the kill.
      for (let i = 0; i < 50 && running(inner); i++) yield* Effect.sleep("20 millis")
      assert.isFalse(running(inner))
    }))
})
