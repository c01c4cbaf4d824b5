import { COMMAND_NAMES, COMMANDS, argKey } from "@agent-desktop/contracts/commands"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import type { Args } from "./Args.js"
import { decodeArgs } from "./decodeArgs.js"

const decoded = (command: string, raw: Args) => Effect.runSync(decodeArgs(command, raw))

const refusal = (command: string, raw: Args) => {
  const exit = Effect.runSyncExit(decodeArgs(command, raw))
  if (Exit.isSuccess(exit)) throw new Error(`expected INVALID_ARGS, got ${JSON.stringify(exit.value)}`)
  const error = (exit.cause.reasons[0] as { error: { code: string; message: string; suggestion?: string } }).error
  expect(error.code).toBe("INVALID_ARGS")
  return error
}

describe("decodeArgs", () => {
  it("fills the spec's defaults, a switch's false and a repeatable flag's empty list", () => {
    expect(decoded("click", { ref_id: "@s1:e1" })).toEqual({ ref_id: "@s1:e1", timeout_ms: 5000 })
    expect(decoded("mouse-click", { xy: { x: 1, y: 2 } })).toEqual({ xy: { x: 1, y: 2 }, button: "left", count: 1, modifiers: [] })
    expect(decoded("skills", {})).toEqual({ action: "list", full: false })
    expect(decoded("drag", { from: "@s1:e1", to: "@s1:e2" })).toMatchObject({ duration: 300, drop_delay: 500, timeout_ms: 5000 })
  })

  it("fills every default the spec states, for every command, and only those", () => {
    for (const name of COMMAND_NAMES) {
      const spec = COMMANDS[name]!
      const required = Object.fromEntries(spec.positionals.filter((p) => p.required).map((p) => [p.key, p.schema.type === "integer" ? 1 : "x"]))
      const out = decoded(name, required)
      for (const [flag, { schema, syntax }] of Object.entries(spec.flags)) {
        const expected = schema.default ?? (syntax === "switch" ? false : syntax === "list" ? [] : undefined)
        expect(out[argKey(flag)], `${name} --${flag}`).toEqual(expected)
      }
    }
  })

  it("keeps what the caller gave over the default, and treats null as not given", () => {
    expect(decoded("click", { ref_id: "@s1:e1", timeout_ms: 0 })).toEqual({ ref_id: "@s1:e1", timeout_ms: 0 })
    expect(decoded("click", { ref_id: "@s1:e1", timeout_ms: null, snapshot: null })).toEqual({ ref_id: "@s1:e1", timeout_ms: 5000 })
  })

  it("gives a fresh list each time, so no caller can change another's default", () => {
    const first = decoded("mouse-click", {})["modifiers"] as Array<string>
    first.push("ctrl")
    expect(decoded("mouse-click", {})["modifiers"]).toEqual([])
  })

  it("refuses a missing required positional and an unknown argument", () => {
    expect(refusal("click", {})).toMatchObject({ message: "Missing required argument 'ref_id'", suggestion: "Pass ref_id" })
    expect(refusal("click", { ref_id: "@s1:e1", reff: 1 }).message).toBe("Unknown argument 'reff' for click")
    expect(refusal("status", { verbose: true })).toMatchObject({ suggestion: "status takes no arguments" })
  })

  it("refuses a value of the wrong type with the message the handlers gave", () => {
    expect(refusal("click", { ref_id: 7 }).message).toBe("Argument 'ref_id' must be a string")
    expect(refusal("click", { ref_id: "@s1:e1", timeout_ms: "5000" }).message).toBe("Argument 'timeout_ms' must be an integer >= 0")
    expect(refusal("click", { ref_id: "@s1:e1", timeout_ms: 1.5 }).message).toBe("Argument 'timeout_ms' must be an integer >= 0")
    expect(refusal("snapshot", { compact: "yes" }).message).toBe("Argument 'compact' must be a boolean")
    expect(refusal("launch", { app: "x", arg: [1] }).message).toBe("Argument 'arg' must be a list of strings")
    expect(refusal("get", { ref_id: "@s1:e1", property: "colour" }).message).toBe("--property must be one of text, value, title, bounds, role, states, got 'colour'")
    expect(refusal("mouse-move", { xy: { x: "1", y: 2 } }).message).toBe("--xy must be a point X,Y")
  })

  it("holds the spec's limits: bounds, length, pattern", () => {
    expect(refusal("mouse-click", { count: 4 }).message).toBe("Argument 'count' must be at most 3, got 4")
    expect(refusal("mouse-click", { count: 0 }).message).toBe("Argument 'count' must be an integer >= 1")
    expect(refusal("mouse-wheel", { x: 1, y: 1, dy: -101 }).message).toBe("Argument 'dy' must be at least -100, got -101")
    expect(refusal("scroll", { ref_id: "@s1:e1", amount: 101 }).message).toBe("Argument 'amount' must be at most 100, got 101")
    expect(refusal("resize-window", { width: 0 }).message).toBe("Argument 'width' must be an integer >= 1")
    expect(refusal("session", { action: "end", session_id: "a b" }).message).toBe("Argument 'session_id' must match ^[A-Za-z0-9_-]{1,64}$")
    expect(refusal("list-apps", { app: "x".repeat(257) }).message).toBe("Argument 'app' is too long (257 characters, at most 256)")
    // Characters, not UTF-16 units: 256 emoji are 512 units and still fit.
    expect(decoded("list-apps", { app: "\u{1F600}".repeat(256) })["app"]).toHaveLength(512)
  })

  it("takes a single string for a repeatable flag as a list of one", () => {
    expect(decoded("mouse-click", { modifiers: "ctrl" })["modifiers"]).toEqual(["ctrl"])
  })

  it("passes an unknown command's arguments through (runCommand refuses the command itself)", () => {
    expect(decoded("frobnicate", { x: 1 })).toEqual({ x: 1 })
  })
})
