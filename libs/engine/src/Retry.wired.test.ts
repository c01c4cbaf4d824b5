import { assert, describe, it } from "@effect/vitest"
import { PlatformError } from "@agent-desktop/platform"
import { EventStore, EventStoreCore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { runCommand, type CommandRequest } from "./runCommand.js"
import { ScriptedAdapter } from "./test/ScriptedAdapter.js"

const busy = () => new PlatformError({ code: "APP_UNRESPONSIVE", message: "the app did not answer" })

const setup = () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-retry-"))
  const adapter = new ScriptedAdapter()
  adapter.tree = { role: "window", name: "Test", children: [{ role: "button", name: "Save", actions: ["Click"] }] }
  const run = (request: CommandRequest) =>
    runCommand(request).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
  const eventTypes = () => {
    const core = EventStoreCore.open({ home })
    const types = core.readAll().filter((event) => event.stream.startsWith("invocation-")).map((event) => event.type)
    core.close()
    return types
  }
  return { adapter, run, eventTypes }
}

describe("the safe-retry schedule, wired", () => {
  it.live("retries a busy app's read when nothing was attempted, and says so in the evidence", () =>
    Effect.gen(function*() {
      const { adapter, run, eventTypes } = setup()
      adapter.failReads.push(busy())
      const envelope = yield* run({ command: "snapshot", args: { app: "testapp" } })
      assert.isTrue(envelope.ok, JSON.stringify(envelope))
      assert.strictEqual(adapter.treeReads, 2)
      assert.include(eventTypes(), "retry.scheduled")
    }))

  it.live("gives up after the schedule's attempts with the transient error, still not_delivered", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      adapter.failReads.push(busy(), busy(), busy(), busy())
      const envelope = yield* run({ command: "snapshot", args: { app: "testapp" } })
      assert.isFalse(envelope.ok)
      assert.strictEqual(adapter.treeReads, 3)
      assert.deepStrictEqual((envelope as { error: { disposition: unknown } }).error.disposition, { delivery: "not_delivered", retry: "safe" })
    }))

  it.live("never retries once a step was attempted, even when the failure is transient and claims nothing landed", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = yield* run({ command: "snapshot", args: { app: "testapp" } })
      const ref = (snap as { data: { tree: { children: Array<{ ref_id: string }> } } }).data.tree.children[0]!.ref_id
      adapter.onAct = () => Effect.fail(busy())
      const envelope = yield* run({ command: "click", args: { ref_id: ref } })
      assert.isFalse(envelope.ok)
      assert.strictEqual(adapter.acts.length, 1)
    }))
})
