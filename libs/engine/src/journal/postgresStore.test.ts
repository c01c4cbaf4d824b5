import { assert, describe, it } from "@effect/vitest"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { EventStore, EventStoreCore, INVOCATION_ENDED, INVOCATION_STARTED } from "@agent-desktop/store"
import { type PostgresCluster, startCluster } from "@agent-desktop/store/testing"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll } from "vitest"
import { runCommand, type CommandRequest } from "../runCommand.js"
import { ScriptedAdapter, type Spec } from "../test/ScriptedAdapter.js"
import { bundleWorker, finished, spawnWorker } from "../test/workerBundle.js"
import { foldEvidence } from "./foldEvidence.js"

/**
 * Write-ahead evidence and the abandoned-invocation sweep with the store on PostgreSQL (a private cluster for this
 * file): the server goes away before an action (nothing is sent), during one (the stored evidence says it may
 * have been delivered), and processes on two machines are killed -9 mid-command (each host closes only its own).
 */
const FORM: Spec = { role: "window", name: "Test", children: [{ role: "button", name: "Save", actions: ["Click"] }] }

let cluster: PostgresCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 60_000)
afterAll(async () => {
  await cluster?.destroy()
})

const home = () => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-pgjournal-")))

const setup = async () => {
  const store = await cluster.createDatabase()
  const root = home()
  const adapter = new ScriptedAdapter()
  adapter.tree = FORM
  const run = (request: CommandRequest) =>
    runCommand(request).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home: root, store }))))
  return { store, root, adapter, run }
}

const body = (envelope: { ok: boolean }): Record<string, any> => {
  const result = validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true })
  if (!result.valid) throw new Error(`invalid envelope ${JSON.stringify(envelope)}: ${JSON.stringify(result.errors.slice(0, 3))}`)
  return envelope as unknown as Record<string, any>
}

const saveRef = (snapshot: Record<string, any>): string =>
  snapshot["data"]["tree"]["children"].find((node: { name?: string }) => node.name === "Save").ref_id

const clicks = (core: EventStoreCore) =>
  core.readAll().filter((e) => e.type === INVOCATION_STARTED && (e.payload as { command?: string }).command === "click").map((e) => e.stream)

describe("write-ahead evidence on PostgreSQL", () => {
  it.live("the server gone before the action: nothing is sent, not_delivered, a store failure of reason unreachable", () =>
    Effect.gen(function*() {
      const { store, root, adapter, run } = yield* Effect.promise(setup)
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      // The connection is lost after command.start is written and before the attempt is: the server stops while
      // the click finds its element.
      adapter.beforeRead = () => Effect.promise(() => cluster.stop())
      const reads = adapter.treeReads
      const envelope = body(yield* run({ command: "click", args: { ref_id: ref } }))
      adapter.beforeRead = () => Effect.void
      yield* Effect.promise(() => cluster.start())
      assert.isAbove(adapter.treeReads, reads)
      assert.strictEqual(adapter.acts.length, 0)
      assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(envelope["error"]["details"]["reason"], "unreachable")
      assert.match(envelope["error"]["message"], /Nothing was sent/)
      const core = EventStoreCore.open({ home: root, store })
      const [click] = clicks(core)
      assert.deepStrictEqual(core.readStream(click!).map((e) => e.type).filter((t) => t.startsWith("step.")), [])
      core.close()
    }), 60_000)

  it.live("the server gone during the action: the envelope has the app's answer; the stored evidence says it may have been delivered", () =>
    Effect.gen(function*() {
      const { store, root, adapter, run } = yield* Effect.promise(setup)
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      adapter.onAct = () =>
        Effect.promise(() => cluster.stop()).pipe(Effect.as([{ label: "DoAction", outcome: "succeeded" as const, mechanism: "semantic_api" as const }]))
      const envelope = body(yield* run({ command: "click", args: { ref_id: ref } }))
      yield* Effect.promise(() => cluster.start())
      assert.strictEqual(adapter.acts.length, 1)
      assert.isTrue(envelope["ok"], JSON.stringify(envelope))
      assert.strictEqual(envelope["data"]["disposition"]["delivery"], "delivered_unverified")
      const core = EventStoreCore.open({ home: root, store })
      const [click] = clicks(core)
      const events = core.readStream(click!)
      // On the server: the attempt, written before the app was asked, and nothing after it. Whoever reads this
      // invocation later (the sweep, an audit) folds it to delivery_uncertain, never not_delivered.
      assert.include(events.map((e) => e.type), "step.attempted")
      assert.notInclude(events.map((e) => e.type), INVOCATION_ENDED)
      assert.strictEqual(foldEvidence(events).delivery, "delivery_uncertain")
      core.close()
    }), 60_000)
})

describe("the abandoned-invocation sweep on a store shared by two machines", () => {
  it("closes each invocation killed -9 on a machine exactly once, and only from that machine", async () => {
    const store = await cluster.createDatabase()
    const machines = { a: home(), b: home() }
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-pgabandon-"))
    const on = (machine: "a" | "b") => ({ AGENT_DESKTOP_STORE: store, AGENT_DESKTOP_MACHINE: `machine-${machine}` })
    const core = EventStoreCore.open({ home: machines.a, store })
    try {
      const script = await bundleWorker("abandonWorker", work)
      const hanging = Array.from({ length: 6 }, () => spawnWorker(script, ["hang", machines.a], on("a")))
      const hangingDone = hanging.map(finished)
      const deadline = Date.now() + 60_000
      while (core.openInvocations().length < hanging.length && Date.now() < deadline) await sleep(50)
      assert.strictEqual(core.openInvocations().length, hanging.length)
      for (const child of hanging) child.kill("SIGKILL")
      for (const done of await Promise.all(hangingDone)) assert.strictEqual(done.signal, "SIGKILL")

      const startAll = async (machine: "a" | "b", count: number) => {
        const go = path.join(work, `go-${machine}`)
        const starters = Array.from({ length: count }, () => finished(spawnWorker(script, ["start", machines[machine], go], on(machine))))
        await sleep(3000)
        fs.writeFileSync(go, "")
        for (const result of await Promise.all(starters)) assert.strictEqual(result.stdout.trim(), JSON.stringify({ ok: true }), result.stderr)
      }
      // Machine b cannot tell whether machine a's processes are alive: it leaves them open.
      await startAll("b", 4)
      assert.strictEqual(core.openInvocations().filter((open) => open.host === "machine-a").length, hanging.length)
      // Machine a's own processes find them dead and close each once, all starting at the same moment.
      await startAll("a", 6)
      const ends = new Map<string, number>()
      for (const event of core.readAll()) {
        if (event.type === INVOCATION_ENDED) ends.set(event.stream, (ends.get(event.stream) ?? 0) + 1)
      }
      const abandoned = core.readAll().filter((e) => e.type === INVOCATION_ENDED && (e.payload as { abandoned?: boolean }).abandoned === true)
      assert.strictEqual(abandoned.length, hanging.length)
      assert.isTrue(abandoned.every((e) => e.host === "machine-a"))
      assert.deepStrictEqual([...ends.values()].filter((count) => count !== 1), [])
      assert.deepStrictEqual(core.openInvocations(), [])
    } finally {
      core.close()
      for (const dir of [machines.a, machines.b, work]) fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 240_000)
})

describe("fleet views on a shared store", () => {
  it.live("session list and trace show filter by machine, app and outcome; trace events say where they ran", () =>
    Effect.gen(function*() {
      const store = yield* Effect.promise(() => cluster.createDatabase())
      const adapter = new ScriptedAdapter()
      adapter.tree = FORM
      const roots = { a: home(), b: home() }
      const on = (machine: "a" | "b") => (request: CommandRequest) =>
        runCommand(request).pipe(Effect.provide(Layer.mergeAll(
          adapter.layer,
          EventStore.layer({ home: roots[machine], store, env: { AGENT_DESKTOP_MACHINE: `machine-${machine}`, DISPLAY: ":1" } })
        )))
      const started = body(yield* on("a")({ command: "session", args: { action: "start" } }))
      const session = started["data"]["session_id"] as string
      body(yield* on("a")({ command: "session", args: { action: "start", name: "other" } }))
      const inSession = { session }
      const ref = saveRef(body(yield* on("a")({ command: "snapshot", args: { app: "testapp" }, options: inSession })))
      body(yield* on("b")({ command: "click", args: { ref_id: ref }, options: inSession }))
      const missing = body(yield* on("b")({ command: "click", args: { ref_id: "@s0abc:e1" }, options: inSession }))
      assert.strictEqual(missing["error"]["code"], "SNAPSHOT_NOT_FOUND")

      const list = (args: Record<string, unknown>) =>
        on("a")({ command: "session", args: { action: "list", ...args } }).pipe(
          Effect.map((envelope) => (body(envelope)["data"]["sessions"] as Array<{ session_id: string }>).map((s) => s.session_id))
        )
      assert.strictEqual((yield* list({})).length, 2)
      assert.deepStrictEqual(yield* list({ machine: "machine-b" }), [session])
      assert.deepStrictEqual(yield* list({ machine: "machine-c" }), [])
      assert.deepStrictEqual(yield* list({ app: "testapp", outcome: "SNAPSHOT_NOT_FOUND" }), [])
      assert.deepStrictEqual(yield* list({ outcome: "SNAPSHOT_NOT_FOUND" }), [session])
      assert.deepStrictEqual(yield* list({ app: "testapp", outcome: "ok", machine: "machine-b" }), [session])

      const shown = body(yield* on("b")({ command: "trace", args: { action: "show", outcome: "SNAPSHOT_NOT_FOUND" }, options: inSession }))["data"]
      const events = shown["events"] as Array<Record<string, unknown>>
      assert.deepStrictEqual([...new Set(events.map((e) => e["stream"]))].length, 1)
      assert.deepStrictEqual(events.map((e) => e["event"]).at(0), "command.start")
      assert.isTrue(events.every((e) => e["machine"] === "machine-b" && e["desktop"] === ":1"))
      assert.strictEqual(shown["matched_events"], events.length)
      assert.isBelow(events.length, shown["total_events"])
      for (const root of Object.values(roots)) fs.rmSync(root, { recursive: true, force: true })
    }), 120_000)
})
