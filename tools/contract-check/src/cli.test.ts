import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { fixturesRoot } from "./contractFiles.js"
import { runCli } from "./cli.js"

const run = (argv: Array<string>, stdin = "") => {
  const out: Array<string> = []
  const err: Array<string> = []
  const code = runCli(argv, { stdout: (text) => out.push(text), stderr: (text) => err.push(text), readStdin: () => stdin })
  return { code, stdout: out.join(""), stderr: err.join("") }
}

describe("contract-check validate", () => {
  it("exits 0 with a JSON report for a valid file", () => {
    const result = run(["validate", "--version", "2.6", path.join(fixturesRoot(), "2.6/valid/seed-000-snapshot.json")])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ valid: true, version: "2.6", strict: false, errors: [] })
  })

  it("reads stdin for - and exits 1 with the errors of an invalid envelope", () => {
    const envelope = { version: "2.6", ok: true, command: "click", data: { action: "click", disposition: { delivery: "unknown", retry: "unknown" } } }
    const result = run(["validate", "--version", "2.6", "--strict", "-"], JSON.stringify(envelope))
    expect(result.code).toBe(1)
    const report = JSON.parse(result.stdout) as { valid: boolean; strict: boolean; errors: Array<{ instancePath: string }> }
    expect(report.valid).toBe(false)
    expect(report.strict).toBe(true)
    expect(report.errors.map((error) => error.instancePath)).toContain("/data/disposition/delivery")
  })

  it("defaults to 2.6 and stdin, and exits 1 on unreadable JSON", () => {
    expect(run(["validate"], "{not json").code).toBe(1)
    expect(JSON.parse(run(["validate"], '{"version":"2.6"}').stdout)).toMatchObject({ valid: false, version: "2.6" })
  })

  it("exits 2 on an unknown version or command, and on a file it cannot read", () => {
    expect(run(["validate", "--version", "9.9"]).code).toBe(2)
    expect(run(["frobnicate"]).code).toBe(2)
    const missing = run(["validate", "/nonexistent/envelope.json"])
    expect(missing.code).toBe(2)
    expect(JSON.parse(missing.stdout).error).toMatch(/cannot read/)
    expect(run(["validate", "--wave", "no-such-schema", "-"], "{}").code).toBe(2)
  })

  it("takes each envelope's own version unless --version pins it", () => {
    const v23 = fs.readFileSync(path.join(fixturesRoot(), "2.3/valid/launch.json"), "utf8")
    expect(JSON.parse(run(["validate", "-"], v23).stdout)).toMatchObject({ valid: true, version: "2.3" })
    expect(run(["validate", "--version", "2.6", "-"], v23).code).toBe(1)
  })

  it("reads NDJSON: envelopes of several versions and wave stream events, one report line per input line", () => {
    const lines = [
      JSON.stringify(JSON.parse(fs.readFileSync(path.join(fixturesRoot(), "2.6/valid/snapshot.json"), "utf8"))),
      JSON.stringify(JSON.parse(fs.readFileSync(path.join(fixturesRoot(), "2.1/valid/status.json"), "utf8"))),
      JSON.stringify({ type: "assistant", subtype: "content_delta", seq: 2, session_id: "s", message_id: "m1", delta: "hi" }),
      "",
      "{broken"
    ]
    const result = run(["validate", "-"], lines.join("\n"))
    expect(result.code).toBe(1)
    const report = JSON.parse(result.stdout) as { valid: boolean; lines: number; invalid: number; results: Array<{ line: number; valid: boolean; kind: string; version?: string }> }
    expect(report.lines).toBe(4)
    expect(report.results.map((entry) => [entry.line, entry.kind, entry.version ?? null])).toEqual([
      [1, "envelope", "2.6"],
      [2, "envelope", "2.1"],
      [3, "wave", null],
      [5, "envelope", null]
    ])
    expect(report.results.map((entry) => entry.valid)).toEqual([true, true, true, false])
    expect(run(["validate", "-"], lines.slice(0, 2).join("\n")).code).toBe(0)
  })
})

describe("contract-check types", () => {
  it("prints one URI a line: the newest version's client types by default, a pinned version's, or a wave schema's", () => {
    const newest = run(["types"])
    expect(newest.code).toBe(0)
    const lines = newest.stdout.trim().split("\n")
    expect(lines[0]).toMatch(/schemas\/2\.7\/envelope\.client\.schema\.json#\/\$defs\/\w+Envelope$/)
    expect(lines).toContain(lines.find((line) => line.endsWith("#/$defs/StaleRefErrorBody")))
    expect(run(["types", "--version", "2.1"]).stdout).toContain("/2.1/envelope.client.schema.json#/$defs/ErrorEnvelope\n")
    expect(run(["types", "--wave", "result"]).stdout).toContain("result.schema.json#/$defs/WaveSuccessResult\n")
  })

  it("exits 2 on an unknown version or wave schema", () => {
    expect(run(["types", "--version", "9.9"]).code).toBe(2)
    expect(run(["types", "--wave", "nope"]).code).toBe(2)
  })
})
