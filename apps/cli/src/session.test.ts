import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import { cleanEnv, envelopeOf, runBinary, runBinaryAsync, tempHome } from "./test/binary.js"

const home = tempHome("session")
const env = cleanEnv(home)

describe("sessions and traces across processes", () => {
  it("starts, lists, traces, exports and ends a session, each step its own process", () => {
    const started = envelopeOf(runBinary(["session", "start", "--name", "demo"], env))
    const id = started["data"]["session_id"] as string
    assert.strictEqual(started["data"]["trace"], "on")

    const listed = envelopeOf(runBinary(["session", "list"], env))
    const entry = listed["data"]["sessions"].find((s: { session_id: string }) => s.session_id === id)
    assert.strictEqual(entry["ended_at"], null)

    envelopeOf(runBinary(["--session", id, "click", "@e1"], env))
    envelopeOf(runBinary(["type", "@s0abc:e1", "secret words", "--session", id], env))

    const shown = envelopeOf(runBinary(["trace", "show"], cleanEnv(home, { AGENT_DESKTOP_SESSION: id })))
    const events = shown["data"]["events"] as ReadonlyArray<Record<string, unknown>>
    assert.includeMembers(events.map((e) => e["event"]), ["command.start", "command.end"])
    assert.notInclude(JSON.stringify(events), "secret words")

    const filtered = envelopeOf(runBinary(["trace", "show", "--event", "command.end", "--session", id], env))
    assert.isTrue(filtered["data"]["events"].every((e: { event: string }) => e.event === "command.end"))

    const exported = envelopeOf(runBinary(["trace", "export", "--session", id], env))
    const html = fs.readFileSync(exported["data"]["path"], "utf8")
    assert.match(html, /^<!doctype html>/)
    assert.include(html, "command.start")
    assert.notInclude(html, "secret words")
    assert.strictEqual(exported["data"]["bytes"], Buffer.byteLength(html))

    const ended = envelopeOf(runBinary(["session", "end", id], env))
    assert.strictEqual(ended["data"]["session_id"], id)
    const after = envelopeOf(runBinary(["session", "list"], env))
    assert.isNumber(after["data"]["sessions"].find((s: { session_id: string }) => s.session_id === id)["ended_at"])
  })

  it("refuses trace without an active session", () => {
    assert.strictEqual(envelopeOf(runBinary(["trace", "show"], env))["error"]["code"], "INVALID_ARGS")
  })

  it("loses no event when 16 processes append to one session at once", async () => {
    const id = envelopeOf(runBinary(["session", "start"], env))["data"]["session_id"] as string
    const runs = await Promise.all(Array.from({ length: 16 }, (_, i) => runBinaryAsync(["--session", id, "click", `@s0abc:e${i + 1}`], env)))
    runs.forEach((run) => assert.strictEqual(envelopeOf(run)["error"]["code"], "SNAPSHOT_NOT_FOUND"))
    const shown = envelopeOf(runBinary(["trace", "show", "--limit", "0", "--event", "command.", "--session", id], env))
    const ends = shown["data"]["events"].filter((e: { event: string }) => e.event === "command.end")
    assert.strictEqual(ends.length, 16)
    assert.strictEqual(new Set(shown["data"]["events"].map((e: { seq: number }) => e.seq)).size, shown["data"]["events"].length)
  })

  it("appends redacted JSONL to a --trace file, and --trace-strict refuses an unwritable one before acting", () => {
    const file = `${home}/traces/run.jsonl`
    envelopeOf(runBinary(["--trace", file, "type", "@s0abc:e1", "secret words"], env))
    envelopeOf(runBinary(["version", "--trace", file], env))
    const lines = fs.readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line))
    assert.strictEqual(lines[0]["event"], "trace.meta")
    assert.includeMembers(lines.map((line) => line["event"]), ["command.start", "command.end"])
    assert.notInclude(JSON.stringify(lines), "secret words")
    fs.writeFileSync(`${home}/not-a-dir`, "")
    const strict = envelopeOf(runBinary(["--trace", `${home}/not-a-dir/x.jsonl`, "--trace-strict", "click", "@s0abc:e1"], env))
    assert.strictEqual(strict["error"]["code"], "INVALID_ARGS")
    const lenient = envelopeOf(runBinary(["--trace", `${home}/not-a-dir/x.jsonl`, "click", "@s0abc:e1"], env))
    assert.strictEqual(lenient["error"]["code"], "SNAPSHOT_NOT_FOUND")
  })

  it("garbage-collects ended sessions", () => {
    const id = envelopeOf(runBinary(["session", "start"], env))["data"]["session_id"] as string
    envelopeOf(runBinary(["session", "end", id], env))
    const gc = envelopeOf(runBinary(["session", "gc", "--ended"], env))
    assert.include(gc["data"]["removed"], id)
  })
})
