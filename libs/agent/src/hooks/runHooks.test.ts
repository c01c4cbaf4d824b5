import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import { defaultSettings } from "../config/WaveSettings.js"
import { runHooks } from "./runHooks.js"

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

describe("hooks", () => {
  it.live("leave no process behind: what a hook starts in the background goes with it", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(`${os.tmpdir()}/wave-hook-`)
      const settings = { ...defaultSettings, hooks: { SessionStart: [{ command: "sleep 219 & echo $! > bg" }] } }
      const failures = yield* runHooks(settings, "SessionStart", {}, dir)
      assert.deepStrictEqual(failures, [])
      assert.isFalse(yield* stillRunning(Number(fs.readFileSync(`${dir}/bg`, "utf8"))))
    }))

  it.live("a hook past its timeout is killed with everything it started, and reported", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(`${os.tmpdir()}/wave-hook-`)
      const settings = { ...defaultSettings, hooks: { SessionStart: [{ command: "sleep 219 & echo $! > bg; sleep 219", timeoutMs: 300 }] } }
      const failures = yield* runHooks(settings, "SessionStart", {}, dir)
      assert.strictEqual(failures.length, 1)
      assert.isFalse(yield* stillRunning(Number(fs.readFileSync(`${dir}/bg`, "utf8"))))
    }))
})
