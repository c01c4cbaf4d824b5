import { describe, expect, it } from "vitest"
import { DEFAULT_MAX_WAIT_MS, needsPrompt, parseArgs } from "./parseArgs.js"

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
    expect(ok(["-p", "x", "--resume", "abc"])).toMatchObject({ restore: "abc" })
    expect(ok(["-p", "x", "--dangerously-skip-permissions"])).toMatchObject({ permissionMode: "bypassPermissions" })
    expect(ok(["-p", "x", "--tools", ""])).toMatchObject({ tools: "" })
  })

  it("tool-list flags take several values as Claude Code's do, but never a prompt with spaces", () => {
    expect(ok(["-p", "--allowedTools", "Bash(git log:*)", "Bash(git diff:*)", "Read", "--model", "m"]))
      .toMatchObject({ allowedTools: "Bash(git log:*),Bash(git diff:*),Read", message: undefined })
    expect(ok(["-p", "--disallowedTools", "mcp__splunk", "mcp__github", "review this"]))
      .toMatchObject({ disallowedTools: "mcp__splunk,mcp__github", message: "review this" })
    expect(ok(["-p", "--allowedTools", "Bash(git diff *),Bash(git log *)", "look at my staged changes"]))
      .toMatchObject({ allowedTools: "Bash(git diff *),Bash(git log *)", message: "look at my staged changes" })
    expect(ok(["-p", "q", "--allowedTools", "a", "--allowedTools", "b"])).toMatchObject({ allowedTools: "a,b" })
    expect(ok(["-p", "--mcp-config", "a.json", "{\"mcpServers\":{}}", "use them"]))
      .toMatchObject({ mcpConfigs: ["a.json", "{\"mcpServers\":{}}"], message: "use them" })
  })

  it("mutually exclusive prompt flags and permission flags are argument errors", () => {
    expect(parseArgs(["-p", "x", "--system-prompt", "a", "--system-prompt-file", "f"])).toMatchObject({ kind: "error" })
    expect(parseArgs(["-p", "x", "--append-system-prompt", "a", "--append-system-prompt-file", "f"])).toMatchObject({ kind: "error" })
    expect(parseArgs(["-p", "x", "--dangerously-skip-permissions", "--permission-mode", "plan"])).toMatchObject({ kind: "error" })
    expect(parseArgs(["-p", "x", "--input-format", "xml"])).toMatchObject({ kind: "error" })
  })

  it("5.12/D4: --output-format without -p is an error that is never structured", () => {
    expect(parseArgs(["--output-format", "json", "hi"])).toMatchObject({ kind: "error", structured: undefined })
  })

  it("X6/X7/D4: errors after -p and a json format are structured", () => {
    expect(parseArgs(["-p", "hi", "--output-format", "json", "-r"])).toMatchObject({ kind: "error", structured: "json" })
    // An empty -p is decided once stdin was read too (needsPrompt, then main's structured error).
    const empty = ok(["-p", "", "--output-format", "stream-json"])
    expect(needsPrompt(empty)).toBe(true)
    expect(needsPrompt(ok(["-p", "", "--input-format", "stream-json"]))).toBe(false)
    expect(parseArgs(["-p", "hi", "--max-turns", "0"])).toMatchObject({ kind: "error", structured: undefined })
    expect(parseArgs(["-p", "hi", "--bogus", "--output-format", "json"])).toMatchObject({ kind: "error", structured: "json" })
    expect(parseArgs(["-p", "hi", "--output-format", "yaml"])).toMatchObject({ kind: "error" })
    expect(parseArgs(["-p", "hi", "-r", "a", "-c"])).toMatchObject({ kind: "error" })
  })
})
