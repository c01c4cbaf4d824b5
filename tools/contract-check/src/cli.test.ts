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

  it("exits 2 on an unknown version or command", () => {
    expect(run(["validate", "--version", "9.9"]).code).toBe(2)
    expect(run(["frobnicate"]).code).toBe(2)
  })
})
