import { assert, describe, it } from "@effect/vitest"
import { COMMAND_NAMES } from "./CommandTable.js"
import { parse } from "./parse.js"

const command = (argv: ReadonlyArray<string>) => {
  const outcome = parse(argv)
  if (outcome.kind !== "command") throw new Error(`expected a command, got ${JSON.stringify(outcome)}`)
  return outcome
}

const error = (argv: ReadonlyArray<string>) => {
  const outcome = parse(argv)
  if (outcome.kind !== "error") throw new Error(`expected a parse error, got ${JSON.stringify(outcome)}`)
  return outcome
}

describe("parse", () => {
  it("knows the reference's 60 commands and watch (contract 2.7)", () => {
    assert.strictEqual(COMMAND_NAMES.length, 61)
    assert.include(COMMAND_NAMES, "watch")
  })

  it("reads snake_case args and global flags before or after the command", () => {
    const before = command(["--session", "s1", "snapshot", "--app", "gedit", "-i", "--max-depth", "4"])
    const after = command(["snapshot", "--app", "gedit", "-i", "--max-depth", "4", "--session", "s1"])
    assert.deepStrictEqual(before.args, { app: "gedit", interactive_only: true, max_depth: 4 })
    assert.deepStrictEqual(after.args, before.args)
    assert.strictEqual(after.globals.session, "s1")
  })

  it("accepts a bare ref at parse time (the command rejects it, exit 1)", () => {
    assert.deepStrictEqual(command(["click", "@e1"]).args, { ref_id: "@e1" })
  })

  it("fails a missing positional with the command name", () => {
    const failure = error(["click"])
    assert.strictEqual(failure.command, "click")
  })

  it("names an unknown command 'unknown'", () => {
    assert.strictEqual(error(["frobnicate"]).command, "unknown")
  })

  it("lets type TEXT start with a dash and takes negative coordinates with =", () => {
    assert.deepStrictEqual(command(["type", "@s1234:e2", "-x"]).args, { ref_id: "@s1234:e2", text: "-x" })
    assert.deepStrictEqual(command(["mouse-move", "--xy=-100,50"]).args, { xy: { x: -100, y: 50 } })
  })

  it("rejects malformed integers, closed-set values and repeated flags", () => {
    error(["snapshot", "--max-depth", "deep"])
    error(["get", "@s1234:e1", "--property", "colour"])
    error(["snapshot", "--app", "a", "--app", "b"])
  })

  it("rejects structural conflicts at parse time", () => {
    error(["find", "--first", "--count"])
    error(["click", "@s1234:e1", "--wait-for", "button", "--wait-for-gone", "dialog"])
    error(["list-apps", "--wait-for", "button"])
    error(["snapshot", "--wait-timeout", "100"])
    error(["session", "launch"])
  })

  it("treats global flags without a command as a parse error", () => {
    assert.strictEqual(error(["--session", "s1"]).command, "unknown")
  })

  it("recognises help and version text requests", () => {
    assert.deepStrictEqual(parse([]), { kind: "help" })
    assert.deepStrictEqual(parse(["--version"]), { kind: "version-text" })
    assert.deepStrictEqual(parse(["key-down", "--help"]), { kind: "help", command: "key-down" })
  })

  it("collects repeatable flags into lists", () => {
    assert.deepStrictEqual(command(["find", "--state", "checked", "--state", "focused=false"]).args, { state: ["checked", "focused=false"] })
  })

  it("refuses unknown flags anywhere, even where a text positional could take them; -- makes them literal", () => {
    assert.include(error(["type", "@s1234:e2", "--hedaed"]).message, "Unknown flag '--hedaed'")
    error(["type", "@s1234:e2", "hello", "--hedaed"])
    error(["--hedaed", "click", "@s1234:e2"])
    assert.deepStrictEqual(command(["type", "@s1234:e2", "--", "--hedaed"]).args, { ref_id: "@s1234:e2", text: "--hedaed" })
  })

  it("parses numbers strictly", () => {
    for (const raw of [" 5", "5 ", "+5", "5.0", "0x5", "1e3", "", "-5"]) error(["click", "@s1234:e1", "--timeout-ms", raw])
    error(["click", "@s1234:e1", `--timeout-ms= 5`])
    error(["mouse-click", "--xy", "1,2", "--count", "0"])
    assert.strictEqual(command(["mouse-wheel", "--x", "1", "--y", "2", "--dy=-3"]).args["dy"], -3)
  })

  it("limits names and labels", () => {
    assert.include(error(["session", "start", "--name", "x".repeat(300)]).message, "too long")
    error(["--session", "a/b", "status"])
    error(["--agent-id", "x".repeat(65), "status"])
    assert.strictEqual(command(["session", "start", "--name", "x".repeat(256)]).args["name"], "x".repeat(256))
  })
})
