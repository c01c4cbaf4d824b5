import { assert, describe, it } from "@effect/vitest"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { StepJournal, type DeliveryStep, type PlatformError } from "@agent-desktop/platform"
import { chooseSqliteBinding, EventStore, EventStoreCore, openSqliteDriver } from "@agent-desktop/store"
import { Effect, Layer, Option } from "effect"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { runCommand, type CommandRequest } from "../runCommand.js"
import { ScriptedAdapter, type Spec } from "../test/ScriptedAdapter.js"

/**
 * Write-ahead evidence against a real SQLite file: the store fails (another connection holds an exclusive lock) at
 * the worst moments, and the envelope still says what the evidence proves.
 */
const FORM: Spec = {
  role: "window",
  name: "Test",
  children: [{ role: "button", name: "Save", actions: ["Click"] }, { role: "textfield", name: "Pin", value: "", actions: ["SetValue"] }]
}

const setup = () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-journal-"))
  const adapter = new ScriptedAdapter()
  adapter.tree = FORM
  const run = (request: CommandRequest) =>
    runCommand(request).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
  /** Another process's view of the file: takes the write lock and keeps it until released. */
  const lock = () => {
    const other = openSqliteDriver(path.join(home, "events.db"), chooseSqliteBinding(), 10_000)
    other.exec("BEGIN EXCLUSIVE")
    return () => {
      other.exec("ROLLBACK")
      other.close()
    }
  }
  return { home, adapter, run, lock }
}

const body = (envelope: { ok: boolean }): Record<string, any> => {
  const result = validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true })
  if (!result.valid) throw new Error(`invalid envelope ${JSON.stringify(envelope)}: ${JSON.stringify(result.errors.slice(0, 3))}`)
  return envelope as unknown as Record<string, any>
}

const saveRef = (snapshot: Record<string, any>): string =>
  snapshot["data"]["tree"]["children"].find((node: { name?: string }) => node.name === "Save").ref_id

/** Another process takes the write lock and keeps it for `ms`; returns once it holds it. */
const lockElsewhere = (database: string, ms: number): void => {
  const marker = `${database}.locked-${process.pid}`
  spawn("python3", ["-c", [
    "import sqlite3, sys, time, pathlib",
    "c = sqlite3.connect(sys.argv[1], isolation_level=None)",
    "c.execute('BEGIN EXCLUSIVE')",
    "pathlib.Path(sys.argv[2]).touch()",
    "time.sleep(float(sys.argv[3]) / 1000)",
    "c.execute('ROLLBACK')"
  ].join("\n"), database, marker, String(ms)], { stdio: "ignore" }).unref()
  const wait = new Int32Array(new SharedArrayBuffer(4))
  for (let i = 0; i < 200 && !fs.existsSync(marker); i++) Atomics.wait(wait, 0, 0, 25)
  if (!fs.existsSync(marker)) throw new Error("the locking process did not take the lock")
  fs.rmSync(marker)
}

const deadPid = (): number => {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" })
  return Number(child.stdout)
}

describe("write-ahead evidence", () => {
  it.live("a click whose wait hits a locked store still says delivered, with the store failure in details", () =>
    Effect.gen(function*() {
      const { adapter, run, lock } = setup()
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      let release: (() => void) | undefined
      // The app takes the click; right after it, another process grabs the database (the probe's finding 2).
      adapter.onAct = () => Effect.sync(() => {
        release = lock()
        adapter.tree = { ...FORM, children: [...FORM.children!, { role: "statictext", name: "Ready" }] }
        return [{ label: "DoAction", outcome: "succeeded", mechanism: "semantic_api" }]
      })
      const envelope = body(yield* run({ command: "click", args: { ref_id: ref }, options: { waitFor: "statictext:Ready", waitTimeoutMs: 20_000 } }))
      release?.()
      assert.isFalse(envelope["ok"], JSON.stringify(envelope))
      const error = envelope["error"]
      assert.deepStrictEqual(error["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
      assert.notProperty(error, "recovery")
      assert.strictEqual(error["details"]["store_failure"]["reason"], "busy")
      assert.strictEqual(error["details"]["delivery_from"], "evidence")
      assert.strictEqual(adapter.acts.length, 1)
    }), 60_000)

  it.live("writes command.start and the step.attempted before the adapter is asked to send", () =>
    Effect.gen(function*() {
      const { home, adapter, run } = setup()
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      let onDisk: ReadonlyArray<string> = []
      adapter.onAct = () => Effect.sync(() => {
        // Read by a separate connection while the adapter is "sending": the attempt must already be committed.
        const reader = openSqliteDriver(path.join(home, "events.db"), chooseSqliteBinding(), 10_000)
        const stream = (reader.prepare(`SELECT stream FROM events WHERE type = 'step.attempted' ORDER BY position DESC LIMIT 1`).get() as { stream: string }).stream
        onDisk = (reader.prepare(`SELECT type FROM events WHERE stream = ? ORDER BY seq`).all(stream) as Array<{ type: string }>).map((row) => row.type)
        reader.close()
        return [{ label: "DoAction", outcome: "succeeded", mechanism: "semantic_api" }]
      })
      body(yield* run({ command: "click", args: { ref_id: ref } }))
      assert.deepStrictEqual(onDisk.slice(0, 1), ["command.start"])
      assert.include(onDisk, "step.attempted")
      assert.notInclude(onDisk, "step.succeeded")
    }))

  it.live("journals each message of an action: a store lock between two messages stops the second, the first counts", () =>
    Effect.gen(function*() {
      const { home, adapter, run } = setup()
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      const sent: Array<string> = []
      // An adapter that sends two messages (focus, then a key), reporting each to the engine's journal.
      adapter.onAct = () => Effect.gen(function*() {
        const journal = Option.getOrThrow(yield* Effect.serviceOption(StepJournal))
        const steps: Array<DeliveryStep> = []
        const message = (label: string) => {
          journal.sending({ label, outcome: "attempted", mechanism: "semantic_api" }, steps)
          sent.push(label)
          const step: DeliveryStep = { label, outcome: "succeeded", mechanism: "semantic_api" }
          steps.push(step)
          journal.answered(step)
        }
        return yield* Effect.try({
          try: () => {
            message("Component.GrabFocus")
            // Another process takes the database between the two messages for longer than the write-ahead waits
            // (two tries of 2 s), and lets go before the closing flush gives up.
            lockElsewhere(path.join(home, "events.db"), 4500)
            message("KeyEvent")
            return steps
          },
          catch: (error) => error as PlatformError
        })
      })
      const envelope = body(yield* run({ command: "click", args: { ref_id: ref } }))
      assert.deepStrictEqual(sent, ["Component.GrabFocus"], "the second message is not sent")
      assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
      assert.strictEqual(envelope["error"]["details"]["reason"], "busy")
      assert.match(envelope["error"]["message"], /Nothing more was sent: KeyEvent/)
      // The store's own advice, not "report as a bug".
      assert.match(envelope["error"]["suggestion"], /has the lock/)
      const reader = openSqliteDriver(path.join(home, "events.db"), chooseSqliteBinding(), 10_000)
      const stream = (reader.prepare(`SELECT stream FROM events WHERE type = 'step.attempted' ORDER BY position DESC LIMIT 1`).get() as { stream: string }).stream
      const rows = reader.prepare(`SELECT type, payload FROM events WHERE stream = ? ORDER BY seq`).all(stream) as Array<{ type: string; payload: string }>
      reader.close()
      const journalled = rows.filter((row) => row.type.startsWith("step.")).map((row) => {
        const payload = JSON.parse(row.payload) as { message?: number; write_ahead?: boolean }
        return `${row.type}${payload.write_ahead === true ? " (ahead)" : ""} ${payload.message ?? "-"}`
      })
      // The action's own record, then message 1 (focus) ahead and answered, message 2 (the key) ahead and not sent.
      assert.deepStrictEqual(journalled, [
        "step.attempted (ahead) -",
        "step.attempted (ahead) 1",
        "step.succeeded 1",
        "step.attempted (ahead) 2",
        "step.skipped 2"
      ])
    }), 60_000)

  it.live("sends nothing when the attempt cannot be written first: not_delivered, safe, a store message", () =>
    Effect.gen(function*() {
      const { adapter, run, lock } = setup()
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      const release = lock()
      const envelope = body(yield* run({ command: "click", args: { ref_id: ref } }))
      release()
      assert.strictEqual(adapter.acts.length, 0)
      assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
      assert.strictEqual(envelope["error"]["details"]["reason"], "busy")
      assert.match(envelope["error"]["message"], /Nothing was sent/)
    }), 60_000)

  it.live("an abort during the wait after a click ends with the click's delivery, kind interrupted", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const ref = saveRef(body(yield* run({ command: "snapshot", args: { app: "testapp" } })))
      const controller = new AbortController()
      setTimeout(() => controller.abort("SIGTERM"), 300)
      const envelope = body(yield* run({
        command: "click",
        args: { ref_id: ref },
        options: { waitFor: "statictext:Never", waitTimeoutMs: 60_000, signal: controller.signal }
      }))
      assert.strictEqual(envelope["error"]["details"]["kind"], "interrupted")
      assert.strictEqual(envelope["error"]["details"]["signal"], "SIGTERM")
      assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "delivered_unverified", retry: "unsafe" })
    }), 30_000)

  it.live("closes an invocation a dead process left after its step.attempted as delivery_uncertain", () =>
    Effect.gen(function*() {
      const { home, run } = setup()
      const core = EventStoreCore.open({ home })
      core.append("invocation-run-1-99-1", [
        { type: "command.start", payload: { command: "click", pid: deadPid() } },
        { type: "step.attempted", payload: { label: "act(click)", write_ahead: true } }
      ])
      core.append("invocation-run-2-99-2", [{ type: "command.start", payload: { command: "click", pid: process.pid } }])
      core.close()
      body(yield* run({ command: "version" }))
      const after = EventStoreCore.open({ home })
      const ended = after.readStream("invocation-run-1-99-1").at(-1)!
      assert.strictEqual(ended.type, "command.end")
      assert.deepStrictEqual((ended.payload as Record<string, unknown>)["disposition"], { delivery: "delivery_uncertain", retry: "unsafe" })
      // A live process's invocation is still running: left open.
      assert.deepStrictEqual(after.openInvocations().map((open) => open.stream), ["invocation-run-2-99-2"])
      after.close()
    }))
})
