import { assert, describe, it } from "@effect/vitest"
import { EventStore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { PlatformError } from "@agent-desktop/platform"
import { EngineLive } from "./EngineLive.js"
import { recoverAndRetry } from "./Recovery.js"
import { runCommand, type CommandRequest } from "./runCommand.js"
import { ScriptedAdapter, type Spec } from "./test/ScriptedAdapter.js"
import { scriptedEngine, strictEnvelope } from "./test/scriptedEngine.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-engine-"))

const FORM: Spec = {
  role: "window",
  name: "Test",
  children: [
    { role: "button", name: "Save", actions: ["Click"] },
    { role: "checkbox", name: "Bold", actions: ["Toggle"] },
    { role: "textfield", name: "Title", value: "", actions: ["SetValue"] },
    { role: "statictext", name: "hello" },
    { role: "group", children: [{ role: "button", name: "Nested", actions: ["Click"] }] }
  ]
}

const setup = () => scriptedEngine(FORM, home)

/** Every envelope these tests produce must pass the strict schema of the native contract version. */
const valid = strictEnvelope

const data = (envelope: { ok: boolean }) => {
  valid(envelope)
  if (!envelope.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`)
  return (envelope as unknown as { data: Record<string, any> }).data
}
const error = (envelope: { ok: boolean }) => {
  valid(envelope)
  if (envelope.ok) throw new Error(`expected an error, got ${JSON.stringify(envelope)}`)
  return (envelope as unknown as { error: Record<string, any> }).error
}

const refNamed = (tree: any, name: string): string => {
  const stack = [tree]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node.name === name && node.ref_id !== undefined) return node.ref_id
    stack.push(...(node.children ?? []))
  }
  throw new Error(`no ref named ${name}`)
}

describe("runCommand", () => {
  it.live("snapshots with refs for interactive nodes only, and -i --compact keeps them", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const full = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      assert.strictEqual(full["ref_count"], 4)
      assert.isTrue(full["complete"])
      const small = data(yield* run({ command: "snapshot", args: { app: "testapp", interactive_only: true, compact: true } }))
      assert.notInclude(JSON.stringify(small["tree"]), "hello")
      assert.strictEqual(small["tree"]["children"].at(-1).name, "Nested")
    }))

  it.live("clicks a ref: one delivery, disposition folded from the adapter's steps", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const clicked = data(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }))
      assert.deepStrictEqual(clicked["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
      assert.strictEqual(adapter.acts.length, 1)
    }))

  it.live("reads stateful actions back: confirmed -> verified; contradicted -> ACTION_FAILED, unsafe", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const ref = refNamed(snap["tree"], "Bold")
      adapter.onReadState = () => ({ role: "checkbox", states: ["checked"] })
      const toggled = data(yield* run({ command: "toggle", args: { ref_id: ref } }))
      assert.strictEqual(toggled["disposition"]["delivery"], "delivered_verified")
      adapter.onReadState = () => ({ role: "checkbox", states: [] })
      const contradicted = error(yield* run({ command: "check", args: { ref_id: ref } }))
      assert.strictEqual(contradicted["code"], "ACTION_FAILED")
      assert.strictEqual(contradicted["details"]["kind"], "post_action_verification")
      assert.deepStrictEqual(contradicted["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
      assert.notProperty(contradicted, "recovery")
    }))

  it.live("check on a tri-state box that stops half way sends the toggle once more, and only once", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const ref = refNamed(snap["tree"], "Bold")
      // Qt 5.15's tri-state cycle: unchecked -> partial (checked + indeterminate) -> checked.
      const cycle: Array<Array<string>> = [["checked", "indeterminate"], ["checked"]]
      adapter.onReadState = () => ({ role: "checkbox", states: cycle[Math.min(adapter.acts.length, cycle.length) - 1] ?? [] })
      const checked = data(yield* run({ command: "check", args: { ref_id: ref } }))
      assert.strictEqual(adapter.acts.length, 2)
      assert.strictEqual(checked["disposition"]["delivery"], "delivered_verified")
      assert.strictEqual(checked["steps"].length, 2)
      // A box that stays half way is not toggled a third time: the readback contradicts the check.
      adapter.acts.length = 0
      adapter.onReadState = () => ({ role: "checkbox", states: ["checked", "indeterminate"] })
      const stuck = error(yield* run({ command: "check", args: { ref_id: ref } }))
      assert.strictEqual(stuck["code"], "ACTION_FAILED")
      assert.strictEqual(adapter.acts.length, 2)
    }))

  it.live("skips check on a checked box without sending anything", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      adapter.tree = { ...FORM, children: [{ role: "checkbox", name: "Bold", states: ["checked"], actions: ["Toggle"] }] }
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const checked = data(yield* run({ command: "check", args: { ref_id: refNamed(snap["tree"], "Bold") } }))
      assert.deepStrictEqual(checked["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("waits for a disabled target within the action's budget, then refuses without sending", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      adapter.tree = { ...FORM, children: [{ role: "button", name: "Later", states: ["disabled"], actions: ["Click"] }] }
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const refused = error(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Later"), timeout_ms: 150 } }))
      assert.strictEqual(refused["code"], "ACTION_FAILED")
      assert.deepStrictEqual(refused["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("keeps what an adapter failure proves: a step that may have landed is not safe to retry", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      adapter.onAct = () => Effect.fail(new PlatformError({
        code: "ACTION_FAILED",
        message: "reply lost",
        steps: [{ label: "DoAction", outcome: "attempted", mechanism: "semantic_api" }]
      }))
      const failed = error(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }))
      assert.deepStrictEqual(failed["disposition"], { delivery: "delivery_uncertain", retry: "unsafe" })
    }))

  it.live("turns an adapter that never answers into TIMEOUT with an unknown disposition", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      adapter.onAct = () => Effect.never
      const failed = error(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save"), timeout_ms: 20 } }))
      assert.strictEqual(failed["code"], "TIMEOUT")
      assert.deepStrictEqual(failed["disposition"], { delivery: "unknown", retry: "unknown" })
    }))

  it.live("refuses a removed element (saved_ref_absent) and twins at capture (identity_not_unique)", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      adapter.tree = { ...FORM, children: FORM.children!.slice(1) }
      const absent = error(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }))
      assert.strictEqual(absent["details"]["kind"], "saved_ref_absent")
      assert.isFalse(absent["details"]["retryable"])
      adapter.tree = { ...FORM, children: [FORM.children![0]!, FORM.children![0]!] }
      const twins = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const ambiguous = error(yield* run({ command: "click", args: { ref_id: refNamed(twins["tree"], "Save") } }))
      assert.strictEqual(ambiguous["code"], "AMBIGUOUS_TARGET")
      assert.strictEqual(ambiguous["details"]["kind"], "identity_not_unique")
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("marks a snapshot whose window read did not finish identity_unproven; its refs never resolve", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      adapter.complete = false
      const partial = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      assert.deepStrictEqual([partial["complete"], partial["truncated"], partial["identity_unproven"]], [false, true, true])
      adapter.complete = true
      const refused = error(yield* run({ command: "click", args: { ref_id: refNamed(partial["tree"], "Save") } }))
      assert.strictEqual(refused["details"]["kind"], "identity_not_unique")
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("finds with the three result shapes and roles_present", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const list = data(yield* run({ command: "find", args: { app: "testapp", role: "button" } }))
      assert.strictEqual(list["total_matches"], 2)
      assert.isString(list["snapshot_id"])
      const one = data(yield* run({ command: "find", args: { app: "testapp", role: "button", last: true } }))
      assert.strictEqual(one["match"]["name"], "Nested")
      assert.deepStrictEqual(one["match"]["path"], ["window:Test", "group"])
      // --text is subtree containment: the window contains the text too, and --first is the outermost container.
      assert.deepStrictEqual(data(yield* run({ command: "find", args: { app: "testapp", text: "hello", count: true } })), { count: 2 })
      assert.strictEqual(data(yield* run({ command: "find", args: { app: "testapp", text: "hello", first: true } }))["match"]["role"], "window")
      const none = data(yield* run({ command: "find", args: { app: "testapp", role: "slider" } }))
      assert.include(none["roles_present"], "checkbox")
    }))

  it.live("drills into a container: same snapshot id, the counter continues", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      adapter.tree = { ...FORM, children: [{ role: "group", name: "Panel", children: [{ role: "button", name: "Deep", actions: ["Click"] }] }] }
      const skeleton = data(yield* run({ command: "snapshot", args: { app: "testapp", skeleton: true, max_depth: 1 } }))
      const panel = refNamed(skeleton["tree"], "Panel")
      assert.strictEqual(skeleton["tree"]["children"][0]["children_count"], 1)
      const drilled = data(yield* run({ command: "snapshot", args: { root: panel } }))
      assert.strictEqual(drilled["snapshot_id"], skeleton["snapshot_id"])
      const deep = refNamed(drilled["tree"], "Deep")
      assert.match(deep, /:e2$/)
      assert.isTrue(data(yield* run({ command: "click", args: { ref_id: deep } }))["disposition"]["delivery"] !== undefined)
    }))

  it.live("recovers a stale ref after an app restart by re-finding the same element, once", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      const request: CommandRequest = { command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }
      adapter.window = { ...adapter.window, id: "w-2", pid: 200 }
      const failed = yield* run(request)
      assert.strictEqual(error(failed)["code"], "STALE_REF")
      const outcome = yield* recoverAndRetry(request, failed).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
      assert.strictEqual(outcome._tag, "Recovered")
      assert.isTrue(outcome.envelope.ok)
      assert.strictEqual(adapter.acts.length, 1)
    }))

  it.live("never recovers an unsafe failure", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      adapter.onAct = () => Effect.fail(new PlatformError({ code: "ACTION_FAILED", message: "x", steps: [{ label: "DoAction", outcome: "succeeded" }] }))
      const request: CommandRequest = { command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }
      const failed = yield* run(request)
      const outcome = yield* recoverAndRetry(request, failed).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
      assert.strictEqual(outcome._tag, "NotAllowed")
      assert.strictEqual(adapter.acts.length, 1)
    }))

  it.live("runs a batch in order, each entry its own envelope, stopping on error when asked", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const json = JSON.stringify([
        { command: "version" },
        { command: "click", args: { ref_id: "@e1" } },
        { command: "list-apps", args: {} }
      ])
      const all = data(yield* run({ command: "batch", args: { json } }))
      assert.deepStrictEqual(all["results"].map((r: any) => [r.index, r.execution, r.ok]), [[0, "completed", true], [1, "completed", false], [2, "completed", true]])
      const stopped = data(yield* run({ command: "batch", args: { json, stop_on_error: true } }))
      assert.strictEqual(stopped["not_started_entries"], 1)
      assert.strictEqual(stopped["stopped"]["reason"], "stop_on_error")
      const nested = error(yield* run({ command: "batch", args: { json: JSON.stringify([{ command: "batch", args: { json: "[]" } }]) } }))
      assert.strictEqual(nested["code"], "INVALID_ARGS")
    }))

  it.live("turns a defect mid-delivery into INTERNAL, never a thrown error, whose disposition is the written-ahead attempt's", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp" } }))
      adapter.onAct = () => Effect.die(new Error("adapter bug"))
      const failed = error(yield* run({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save") } }))
      assert.strictEqual(failed["code"], "INTERNAL")
      // The adapter was asked to send and never answered: the step.attempted on disk says it may have landed.
      assert.deepStrictEqual(failed["disposition"], { delivery: "delivery_uncertain", retry: "unsafe" })
    }))

  it.live("never hangs on an app that stopped answering: the guarded adapter bounds every read", () =>
    Effect.gen(function*() {
      const adapter = new ScriptedAdapter()
      adapter.tree = FORM
      const engine = EngineLive({ adapter: adapter.layer, home })
      const snap = data(yield* runCommand({ command: "snapshot", args: { app: "testapp" } }).pipe(Effect.provide(engine)))
      adapter.hangReads = true
      const partial = data(yield* runCommand({ command: "snapshot", args: { app: "testapp", timeout_ms: 10 } }).pipe(Effect.provide(engine)))
      assert.isFalse(partial["complete"])
      const refused = error(yield* runCommand({ command: "click", args: { ref_id: refNamed(snap["tree"], "Save"), timeout_ms: 10 } }).pipe(Effect.provide(engine)))
      assert.strictEqual(refused["details"]["kind"], "resolution_identity_unknown")
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("rejects unknown commands and mistyped args as INVALID_ARGS", () =>
    Effect.gen(function*() {
      const { run } = setup()
      assert.strictEqual(error(yield* run({ command: "nope" }))["code"], "INVALID_ARGS")
      assert.strictEqual(error(yield* run({ command: "snapshot", args: { max_depth: "deep" } }))["code"], "INVALID_ARGS")
    }))
})
