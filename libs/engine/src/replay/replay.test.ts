import { assert, describe, it } from "@effect/vitest"
import { EventStore, EventStoreCore } from "@agent-desktop/store"
import type { ActionTarget, SemanticAction } from "@agent-desktop/platform"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { runCommand, type CommandRequest } from "../runCommand.js"
import { ScriptedAdapter, type Spec } from "../test/ScriptedAdapter.js"
import { strictEnvelope } from "../test/scriptedEngine.js"

/**
 * Replay on a scripted app whose tree changes as the app would: a click on "Add" adds a row label, typing sets the
 * field's value, a check box toggles. Record a session, "restart" the app (a new process and window id), replay it.
 */
interface AppState {
  rows: number
  name: string
  checked: boolean
  addLabel: string
}

const treeOf = (state: AppState): Spec => ({
  role: "window",
  name: "Form",
  children: [
    { role: "button", name: state.addLabel, actions: ["Click"] },
    { role: "textfield", name: "Name", value: state.name, actions: ["SetValue"] },
    { role: "checkbox", name: "Subscribe", states: state.checked ? ["checked"] : [], actions: ["Toggle"] },
    { role: "list", name: "Rows", children: Array.from({ length: state.rows }, (_, i) => ({ role: "statictext" as const, name: `row ${i + 1}` })) }
  ]
})

const nodeAt = (state: AppState, handle: string) => treeOf(state).children![Number(handle.split(":")[1]!.split("/")[0])]!

/** An app: its state, a scripted adapter showing it, acting on it as the real one would. */
const app = (pid: number, addLabel = "Add") => {
  const state: AppState = { rows: 0, name: "", checked: false, addLabel }
  const adapter = new ScriptedAdapter()
  adapter.window = { id: `w-${pid}`, title: "Form", app_name: "formapp", pid, is_focused: true }
  const sync = () => {
    adapter.tree = treeOf(state)
  }
  sync()
  adapter.onAct = (target: ActionTarget, action: SemanticAction) =>
    Effect.sync(() => {
      const node = nodeAt(state, target.handle)
      if (action.kind === "click" && node.role === "button") state.rows += 1
      if (action.kind === "type") state.name += action.text
      if (action.kind === "toggle") state.checked = !state.checked
      sync()
      return [{ label: "DoAction", outcome: "succeeded" as const, mechanism: "semantic_api" as const }]
    })
  return { state, adapter }
}

const home = () => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-replay-")))

const runner = (root: string) => (adapter: ScriptedAdapter, request: CommandRequest) =>
  runCommand(request).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home: root }))), Effect.map(strictEnvelope))

const data = (envelope: { ok: boolean }): Record<string, any> => {
  if (!envelope.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`)
  return (envelope as unknown as { data: Record<string, any> }).data
}
const failure = (envelope: { ok: boolean }): Record<string, any> => {
  if (envelope.ok) throw new Error(`expected an error, got ${JSON.stringify(envelope).slice(0, 2000)}`)
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

/** The recorded session: snapshot, click Add twice (a snapshot after each), type a name, check Subscribe, snapshot. */
const record = (root: string) =>
  Effect.gen(function*() {
    const run = runner(root)
    const { adapter, state } = app(100)
    const session = data(yield* run(adapter, { command: "session", args: { action: "start" } }))["session_id"] as string
    const inSession = (command: string, args: Record<string, unknown>) => run(adapter, { command, args, options: { session } })
    let snap = data(yield* inSession("snapshot", { app: "formapp" }))
    data(yield* inSession("click", { ref_id: refNamed(snap["tree"], "Add") }))
    snap = data(yield* inSession("snapshot", { app: "formapp" }))
    data(yield* inSession("click", { ref_id: refNamed(snap["tree"], "Add") }))
    snap = data(yield* inSession("snapshot", { app: "formapp" }))
    data(yield* inSession("type", { ref_id: refNamed(snap["tree"], "Name"), text: "Alice" }))
    data(yield* inSession("check", { ref_id: refNamed(snap["tree"], "Subscribe") }))
    data(yield* inSession("get", { ref_id: refNamed(snap["tree"], "Name"), property: "value" }))
    data(yield* inSession("snapshot", { app: "formapp" }))
    data(yield* run(adapter, { command: "session", args: { action: "end", session_id: session } }))
    assert.deepStrictEqual(state, { rows: 2, name: "Alice", checked: true, addLabel: "Add" })
    return session
  })

describe("trace replay", () => {
  it.live("records identities and secret markers, never the typed text", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const core = EventStoreCore.open({ home: root })
      const stored = JSON.stringify(core.readAll())
      core.close()
      assert.notInclude(stored, "Alice")
      assert.include(stored, "AGENT_DESKTOP_SECRET_NAME")
      // trace show redacts the recorded identities like every payload.
      const shown = data(yield* runner(root)(app(100).adapter, { command: "trace", args: { action: "show", session_id: session } }))
      const request = shown["events"].find((event: any) => event.event === "replay.request" && event.command === "click")
      assert.deepStrictEqual(request["targets"]["ref_id"]["name"], { redacted: true })
    }))

  it.live("replays a recorded session on a restarted app: the same actions on the same elements, the same end state", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const restarted = app(200)
      const refused = failure(yield* runner(root)(restarted.adapter, { command: "trace", args: { action: "replay", session_id: session } }))
      assert.strictEqual(refused["code"], "INVALID_ARGS")
      assert.strictEqual(refused["details"]["kind"], "replay_secret_missing")
      assert.deepStrictEqual(refused["details"]["secrets"], [{ name: "NAME", env: "AGENT_DESKTOP_SECRET_NAME" }])
      assert.deepStrictEqual(refused["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(restarted.adapter.acts.length, 0)

      const replayed = data(yield* runner(root)(restarted.adapter, {
        command: "trace",
        args: { action: "replay", session_id: session, secret: ["NAME=Alice"] }
      }))
      assert.deepStrictEqual(restarted.state, { rows: 2, name: "Alice", checked: true, addLabel: "Add" })
      assert.strictEqual(replayed["delivery"], "delivered_unverified")
      assert.deepStrictEqual(replayed["steps"].map((step: any) => [step.command, step.role, step.status]), [
        ["snapshot", "check", "passed"],
        ["click", "action", "passed"],
        ["snapshot", "check", "passed"],
        ["click", "action", "passed"],
        ["snapshot", "check", "passed"],
        ["type", "action", "passed"],
        ["check", "action", "passed"],
        ["get", "check", "passed"],
        ["snapshot", "check", "passed"]
      ])
      assert.deepStrictEqual(replayed["secrets"], [{ name: "NAME", env: "AGENT_DESKTOP_SECRET_NAME", source: "flag" }])
      // The replay is a session of its own: its trace holds each step's invocation.
      const trace = data(yield* runner(root)(restarted.adapter, { command: "trace", args: { action: "show", session_id: replayed["replay_session_id"], limit: 0 } }))
      const commands = trace["events"].filter((event: any) => event.event === "command.start").map((event: any) => event.command)
      assert.includeMembers(commands, ["click", "type", "check", "get"])
      const core = EventStoreCore.open({ home: root })
      assert.notInclude(JSON.stringify(core.readAll()), "Alice")
      core.close()
    }))

  it.live("the secret from the environment variable the recording names", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const restarted = app(300)
      data(yield* runner(root)(restarted.adapter, {
        command: "trace",
        args: { action: "replay", session_id: session },
        options: { environment: { AGENT_DESKTOP_SECRET_NAME: "Alice" } }
      }))
      assert.strictEqual(restarted.state.name, "Alice")
    }))

  it.live("a renamed button stops the replay at its step, with the recorded and the observed element", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const changed = app(400, "Add row")
      const error = failure(yield* runner(root)(changed.adapter, {
        command: "trace",
        args: { action: "replay", session_id: session, secret: ["NAME=Alice"], timeout_ms: 300 }
      }))
      assert.strictEqual(error["code"], "ELEMENT_NOT_FOUND")
      assert.strictEqual(error["details"]["kind"], "replay_diverged")
      assert.strictEqual(error["details"]["reason"], "target_absent")
      assert.strictEqual(error["details"]["step"]["command"], "click")
      assert.strictEqual(error["details"]["step"]["index"], 1)
      assert.strictEqual(error["details"]["expected"]["name"], "Add")
      assert.strictEqual(error["details"]["observed"]["at_path"]["name"], "Add row")
      assert.deepStrictEqual(error["details"]["differences"], [{ field: "name", expected: "Add", observed: "Add row" }])
      assert.deepStrictEqual(error["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(changed.adapter.acts.length, 0)
    }))

  it.live("an app that does not do what it did stops at the check after the action, and the replay says what it sent", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const deaf = app(500)
      deaf.adapter.onAct = () => Effect.succeed([{ label: "DoAction", outcome: "succeeded" as const, mechanism: "semantic_api" as const }])
      const error = failure(yield* runner(root)(deaf.adapter, {
        command: "trace",
        args: { action: "replay", session_id: session, secret: ["NAME=Alice"], timeout_ms: 300 }
      }))
      assert.strictEqual(error["code"], "ACTION_FAILED")
      assert.strictEqual(error["details"]["reason"], "observation_differs")
      assert.strictEqual(error["details"]["step"]["index"], 2)
      assert.deepStrictEqual(error["details"]["differences"]["missing"], [{ role: "statictext", name: "row 1", expected_count: 1, observed_count: 0 }])
      assert.deepStrictEqual(error["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
      assert.strictEqual(deaf.adapter.acts.length, 1)
    }))

  it.live("--dry-run resolves every element and sends nothing; --from/--to cut the plan", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const restarted = app(600)
      const dry = data(yield* runner(root)(restarted.adapter, { command: "trace", args: { action: "replay", session_id: session, dry_run: true } }))
      assert.strictEqual(restarted.adapter.acts.length, 0)
      assert.isTrue(dry["dry_run"])
      assert.deepStrictEqual(dry["secrets"], [{ name: "NAME", env: "AGENT_DESKTOP_SECRET_NAME", source: "missing" }])
      assert.deepStrictEqual(dry["steps"].filter((step: any) => step.role === "action").map((step: any) => [step.command, step.status, step.match]), [
        ["click", "resolved", "exact"],
        ["click", "resolved", "exact"],
        ["type", "resolved", "exact"],
        ["check", "resolved", "exact"]
      ])
      const clicks = dry["steps"].filter((step: any) => step.command === "click")
      const cut = data(yield* runner(root)(restarted.adapter, {
        command: "trace",
        args: { action: "replay", session_id: session, from: clicks[0].position, to: clicks[1].position }
      }))
      assert.deepStrictEqual(cut["steps"].map((step: any) => step.command), ["click", "snapshot", "click"])
      assert.strictEqual(restarted.state.rows, 2)
    }))

  it.live("trace export --as batch writes locators and environment secrets; batch runs the file", () =>
    Effect.gen(function*() {
      const root = home()
      const session = yield* record(root)
      const out = path.join(root, "replay.json")
      const exported = data(yield* runner(root)(app(700).adapter, { command: "trace", args: { action: "export", session_id: session, as: "batch", out } }))
      assert.strictEqual(exported["entries"], 4)
      assert.deepStrictEqual(exported["environment"], ["AGENT_DESKTOP_SECRET_NAME"])
      const text = fs.readFileSync(out, "utf8")
      assert.notInclude(text, "Alice")
      const entries = JSON.parse(text)
      assert.deepStrictEqual(entries[0], { command: "click", args: { ref_id: { app: "formapp", window: "Form", role: "button", name: "Add", path: [0], path_child_counts: [4] } } })
      assert.deepStrictEqual(entries[2].args.text, { env: "AGENT_DESKTOP_SECRET_NAME" })
      const restarted = app(800)
      const unset = failure(yield* runner(root)(restarted.adapter, { command: "batch", args: { json: text }, options: { environment: {} } }))
      assert.strictEqual(unset["details"]["kind"], "batch_env_missing")
      assert.strictEqual(restarted.adapter.acts.length, 0)
      const ran = data(yield* runner(root)(restarted.adapter, {
        command: "batch",
        args: { json: text, stop_on_error: true },
        options: { environment: { AGENT_DESKTOP_SECRET_NAME: "Alice" } }
      }))
      assert.strictEqual(ran["completed_entries"], 4)
      assert.isTrue(ran["results"].every((result: any) => result.ok))
      assert.deepStrictEqual(restarted.state, { rows: 2, name: "Alice", checked: true, addLabel: "Add" })
    }))
})
