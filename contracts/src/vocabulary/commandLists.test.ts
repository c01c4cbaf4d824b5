import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { COMMAND_NAMES, toolName } from "../manifest/index.js"
import { commandLists, commandListsIn, handWrittenSources } from "../test-support/commandLists.js"

const names: ReadonlySet<string> = new Set(COMMAND_NAMES.flatMap((name) => [name, toolName(name)]))
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url))

describe("the command spec is the only list of commands", () => {
  it("has no hand-written list of command names anywhere in the repository's sources", () => {
    expect(handWrittenSources(repoRoot).length).toBeGreaterThan(500)
    expect(commandLists(repoRoot, names).map((list) => `${list.file}:${list.line} ${list.names.join(", ")}`)).toEqual([])
  })

  describe("the detector", () => {
    it("finds arrays and sets of command names, kebab or tool-named, on one line or several", () => {
      const source = [
        `const NATIVE_INPUT = ["press", "mouse-move", "mouse-click"]`,
        `const NEEDS_ENABLED: ReadonlySet<string> = new Set([`,
        `  "click", "type", "set-value",`,
        `])`,
        `const READ_ONLY = ['list_apps', 'snapshot'] as const`,
        `tools = ["get", "is"]`
      ].join("\n")
      expect(commandListsIn(source, names)).toEqual([
        { line: 1, names: ["press", "mouse-move", "mouse-click"] },
        { line: 2, names: ["click", "type", "set-value"] },
        { line: 5, names: ["list_apps", "snapshot"] },
        { line: 6, names: ["get", "is"] }
      ])
    })

    it("leaves lists that are not only command names, and single names, alone", () => {
      const source = [
        `const ACTIVATE = ["click", "press", "activate", "jump", "open"]`,
        `const ONE = ["snapshot"]`,
        `const KEYS = ["app", "expected_app"]`,
        `const MIXED = ["click", someName]`
      ].join("\n")
      expect(commandListsIn(source, names)).toEqual([])
    })
  })
})
