import { COMMAND_NAMES, COMMANDS } from "@agent-desktop/contracts/commands"
import { describe, expect, it } from "vitest"
import { FAIL_CLOSED } from "./failClosed.js"
import { NOT_YET_SUPPORTED } from "./notSupported.js"
import { HANDLERS, IMPLEMENTED_COMMANDS } from "./registry.js"

describe("the command registry", () => {
  it("has a handler for every command of the spec and for nothing else", () => {
    expect(Object.keys(HANDLERS)).toEqual([...COMMAND_NAMES])
  })

  it("implements exactly the commands the spec calls supported on Linux", () => {
    const supported = COMMAND_NAMES.filter((name) => COMMANDS[name]?.support.linux === "supported")
    expect([...IMPLEMENTED_COMMANDS].sort()).toEqual([...supported].sort())
  })

  it("splits the rest into fail-closed and not-yet-supported commands", () => {
    expect([...FAIL_CLOSED].sort()).toEqual(["key-down", "key-up", "mouse-down", "mouse-up"])
    expect([...IMPLEMENTED_COMMANDS, ...FAIL_CLOSED, ...NOT_YET_SUPPORTED].sort()).toEqual([...COMMAND_NAMES].sort())
  })
})
