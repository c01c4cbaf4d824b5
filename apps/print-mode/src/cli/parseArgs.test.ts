import { describe, expect, it } from "vitest"
import { DEFAULT_MAX_WAIT_MS, parseArgs } from "./parseArgs.js"

const ok = (argv: Array<string>) => {
  const outcome = parseArgs(argv)
  if (outcome.kind !== "ok") throw new Error(outcome.message)
  return outcome.args
}

describe("parseArgs", () => {
  it("takes the message after -p or anywhere as the positional, and every flag form", () => {
    expect(ok(["-p", "hi"])).toMatchObject({ print: true, message: "hi", outputFormat: "text", maxWaitMs: DEFAULT_MAX_WAIT_MS })
    expect(ok(["--print", "--output-format=stream-json", "task", "--max-turns", "3", "--model", "m2", "--headed"]))
      .toMatchObject({ message: "task", outputFormat: "stream-json", maxTurns: 3, model: "m2", headed: true })
    expect(ok(["-p", "-r", "abc", "go"])).toMatchObject({ restore: "abc", message: "go" })
    expect(ok(["-p", "-c"])).toMatchObject({ continue: true, message: undefined })
    expect(ok(["-p", "x", "--allowed-tools", "snapshot,click", "--disallowed-tools", "Bash"]))
      .toMatchObject({ allowedTools: "snapshot,click", disallowedTools: "Bash" })
  })

  it("5.12/D4: --output-format without -p is an error that is never structured", () => {
    expect(parseArgs(["--output-format", "json", "hi"])).toMatchObject({ kind: "error", structured: undefined })
  })

  it("X6/X7/D4: errors after -p and a json format are structured", () => {
    expect(parseArgs(["-p", "hi", "--output-format", "json", "-r"])).toMatchObject({ kind: "error", structured: "json" })
    expect(parseArgs(["-p", "", "--output-format", "stream-json"])).toMatchObject({
      kind: "error",
      message: "Print mode requires a message",
      structured: "stream-json"
    })
    expect(parseArgs(["-p", "hi", "--max-turns", "0"])).toMatchObject({ kind: "error", structured: undefined })
    expect(parseArgs(["-p", "hi", "--bogus", "--output-format", "json"])).toMatchObject({ kind: "error", structured: "json" })
    expect(parseArgs(["-p", "hi", "--output-format", "yaml"])).toMatchObject({ kind: "error" })
    expect(parseArgs(["-p", "hi", "-r", "a", "-c"])).toMatchObject({ kind: "error" })
  })
})
