import { COMMAND_NAMES, COMMANDS } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { notSupported } from "./notSupported.js"
import { FAIL_CLOSED } from "./failClosed.js"
import { NOT_APPLICABLE, NOT_YET_SUPPORTED } from "./notSupported.js"
import { HANDLERS, IMPLEMENTED_COMMANDS } from "./registry.js"

describe("the command registry", () => {
  it("has a handler for every command of the spec and for nothing else", () => {
    expect(Object.keys(HANDLERS)).toEqual([...COMMAND_NAMES])
  })

  it("implements exactly the commands the spec calls supported on Linux", () => {
    const supported = COMMAND_NAMES.filter((name) => COMMANDS[name]?.support.linux === "supported")
    expect([...IMPLEMENTED_COMMANDS].sort()).toEqual([...supported].sort())
  })

  it("splits the rest into fail-closed, not-applicable and not-yet-supported commands", () => {
    expect([...FAIL_CLOSED].sort()).toEqual(["key-down", "key-up", "mouse-down", "mouse-up"])
    expect([...NOT_APPLICABLE].sort()).toEqual(["cursor-overlay", "open-system-surface"])
    expect([...IMPLEMENTED_COMMANDS, ...FAIL_CLOSED, ...NOT_APPLICABLE, ...NOT_YET_SUPPORTED].sort()).toEqual([...COMMAND_NAMES].sort())
  })

  it("answers a not-applicable command with its reason, nothing sent", async () => {
    const error = await Effect.runPromise(Effect.flip(notSupported("cursor-overlay")()))
    expect(error).toMatchObject({
      code: "PLATFORM_NOT_SUPPORTED",
      message: COMMANDS["cursor-overlay"]!.refusal!.linux,
      delivery: "not_delivered",
      details: { kind: "not_applicable" }
    })
  })

  it("gives every not-applicable command its reason, and nothing else one", () => {
    for (const name of COMMAND_NAMES) {
      const spec = COMMANDS[name]!
      if (spec.support.linux === "not_applicable") expect(spec.refusal?.linux).toMatch(/^\S.{20,}/)
      else expect(spec.refusal?.linux).toBeUndefined()
    }
  })
})
