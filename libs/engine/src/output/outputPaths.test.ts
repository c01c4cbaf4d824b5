/**
 * Caller-named output paths through runCommand (a scripted desktop, a real store and real files): every refusal is
 * a typed, not_delivered envelope, bounded in time (a FIFO used to block the process forever in open()), and the
 * file system shows nothing was written. The read-only policy and the allowed-command list are checked the same way.
 */
import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { CommandRequest } from "../CommandRequest.js"
import { scriptedEngine, strictEnvelope } from "../test/scriptedEngine.js"

const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-outputs-")))
const files = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-outputs-files-")))

const { run } = scriptedEngine({ role: "window", name: "Test", children: [{ role: "button", name: "Save", actions: ["Click"] }] }, home)

const errorOf = (request: CommandRequest) =>
  Effect.map(run(request), (envelope) => {
    strictEnvelope(envelope)
    if (envelope.ok) throw new Error(`expected an error, got ${JSON.stringify(envelope)}`)
    return (envelope as unknown as { error: { code: string; details?: Record<string, unknown>; disposition: Record<string, unknown> } }).error
  })

const fifo = (name: string) => {
  const file = path.join(files, name)
  execFileSync("mkfifo", ["-m", "600", file])
  return file
}

const victim = (name: string) => {
  const target = path.join(files, `${name}-victim`)
  fs.writeFileSync(target, "precious")
  const link = path.join(files, name)
  fs.symlinkSync(target, link)
  return { link, target }
}

const NOT_DELIVERED = { delivery: "not_delivered", retry: "safe" }

describe("caller-named output paths", () => {
  it.live("screenshot PATH: a FIFO, a symlink and /proc/self/fd/1 are refused before any capture", () =>
    Effect.gen(function*() {
      const pipe = fifo("shot-fifo.png")
      let error = yield* errorOf({ command: "screenshot", args: { path: pipe } })
      assert.strictEqual(error.code, "INVALID_ARGS")
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "fifo" })
      assert.deepStrictEqual(error.disposition, NOT_DELIVERED)
      const { link, target } = victim("shot-link.png")
      error = yield* errorOf({ command: "screenshot", args: { path: link } })
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "symlink" })
      assert.strictEqual(fs.readFileSync(target, "utf8"), "precious")
      error = yield* errorOf({ command: "screenshot", args: { path: "/proc/self/fd/1" } })
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "system_path" })
      error = yield* errorOf({ command: "screenshot", args: { path: "/dev/null" } })
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "system_path" })
    }), 20_000)

  it.live("--trace FILE: a FIFO or symlink fails a --trace-strict command before it runs, and is never written", () =>
    Effect.gen(function*() {
      const pipe = fifo("trace-fifo.jsonl")
      const error = yield* errorOf({ command: "version", options: { traceFile: pipe, traceStrict: true } })
      assert.strictEqual(error.code, "INVALID_ARGS")
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "fifo" })
      // Without --trace-strict the command runs and only the trace is given up.
      const { link, target } = victim("trace-link.jsonl")
      const envelope = yield* run({ command: "version", options: { traceFile: link } })
      assert.isTrue(envelope.ok)
      const again = yield* run({ command: "version", options: { traceFile: pipe } })
      assert.isTrue(again.ok)
      assert.strictEqual(fs.readFileSync(target, "utf8"), "precious")
      // A plain path gets the trace.
      const plain = path.join(files, "sub", "trace.jsonl")
      assert.isTrue((yield* run({ command: "version", options: { traceFile: plain } })).ok)
      const lines = fs.readFileSync(plain, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { event: string })
      assert.strictEqual(lines[0]!.event, "trace.meta")
      assert.include(lines.map((line) => line.event), "command.end")
    }), 20_000)

  it.live("trace export --out: a FIFO or symlink is refused; a plain path is written", () =>
    Effect.gen(function*() {
      const started = yield* run({ command: "session", args: { action: "start" } })
      const session = (started as unknown as { data: { session_id: string } }).data.session_id
      const options = { session }
      const pipe = fifo("export-fifo.html")
      let error = yield* errorOf({ command: "trace", args: { action: "export", out: pipe }, options })
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "fifo" })
      const { link, target } = victim("export-link.html")
      error = yield* errorOf({ command: "trace", args: { action: "export", out: link }, options })
      assert.deepInclude(error.details, { kind: "unsafe_output_path", reason: "symlink" })
      assert.strictEqual(fs.readFileSync(target, "utf8"), "precious")
      const out = path.join(files, "export.html")
      const exported = yield* run({ command: "trace", args: { action: "export", out }, options })
      assert.isTrue(exported.ok, JSON.stringify(exported))
      assert.match(fs.readFileSync(out, "utf8"), /<html/i)
    }), 20_000)
})

describe("read-only invocations", () => {
  it.live("write no file: screenshot PATH, --trace, trace export and a session's artifacts", () =>
    Effect.gen(function*() {
      const target = path.join(files, "ro-shot.png")
      let error = yield* errorOf({ command: "screenshot", args: { path: target }, options: { readOnly: true } })
      assert.strictEqual(error.code, "POLICY_DENIED")
      assert.deepInclude(error.details, { kind: "read_only", retryable: false })
      assert.deepStrictEqual(error.disposition, NOT_DELIVERED)
      const trace = path.join(files, "ro-trace.jsonl")
      error = yield* errorOf({ command: "version", options: { readOnly: true, traceFile: trace, traceStrict: true } })
      assert.deepInclude(error.details, { kind: "read_only" })
      assert.isTrue((yield* run({ command: "version", options: { readOnly: true, traceFile: trace } })).ok)
      const started = yield* run({ command: "session", args: { action: "start", screenshots: true } })
      const session = (started as unknown as { data: { session_id: string } }).data.session_id
      error = yield* errorOf({ command: "trace", args: { action: "export" }, options: { session, readOnly: true } })
      assert.deepInclude(error.details, { kind: "read_only" })
      const snapshot = yield* run({ command: "snapshot", args: { app: "testapp" }, options: { session, readOnly: true } })
      assert.isTrue(snapshot.ok)
      const clicked = yield* run({ command: "click", args: { ref_id: (snapshot as any).data.tree.children[0].ref_id }, options: { session, readOnly: true } })
      assert.isTrue(clicked.ok, JSON.stringify(clicked))
      assert.isFalse(fs.existsSync(target))
      assert.isFalse(fs.existsSync(trace))
      assert.isFalse(fs.existsSync(path.join(home, "sessions", session)), "no artifact folder")
      const shown = (yield* run({ command: "trace", args: { action: "show", limit: 0 }, options: { session } })) as any
      const skipped = shown.data.events.filter((event: any) => event.event.endsWith(".skipped")).map((event: any) => `${event.event}:${event.reason}`)
      assert.includeMembers(skipped, ["refmap.skipped:read_only", "screenshot.skipped:read_only"])
    }), 20_000)
})

describe("allowed commands", () => {
  const allowedCommands = ["snapshot", "batch"]

  it.live("a command outside the list is refused; a batch naming one is refused whole, naming it, before any entry runs", () =>
    Effect.gen(function*() {
      let error = yield* errorOf({ command: "click", args: { ref_id: "@s1abc:e1" }, options: { allowedCommands } })
      assert.strictEqual(error.code, "POLICY_DENIED")
      assert.deepInclude(error.details, { kind: "command_not_allowed", command: "click" })
      const json = JSON.stringify([
        { command: "snapshot", args: { app: "testapp" } },
        { command: "click", args: { ref_id: "@s1abc:e1" } },
        { command: "launch", args: { app: "/bin/sh", arg: ["-c", "touch /tmp/never"] } }
      ])
      error = yield* errorOf({ command: "batch", args: { json }, options: { allowedCommands } })
      assert.strictEqual(error.code, "POLICY_DENIED")
      assert.deepInclude(error.details, { kind: "command_not_allowed", command: "click" })
      assert.match((error as unknown as { message: string }).message, /batch entry 1: 'click'/)
      const fine = yield* run({ command: "batch", args: { json: JSON.stringify([{ command: "snapshot", args: { app: "testapp" } }]) }, options: { allowedCommands } })
      assert.isTrue(fine.ok, JSON.stringify(fine))
    }))
})
