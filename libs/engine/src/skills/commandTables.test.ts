import { readFileSync } from "node:fs"
import { COMMAND_NAMES } from "@agent-desktop/contracts/commands"
import { describe, expect, it } from "vitest"
import { commandTablesModule } from "./emit/commandTables.js"
import { COMMAND_TABLE, FAIL_CLOSED, STATEFUL_ACTIONS } from "./commandTables.generated.js"

describe("the skills' command tables", () => {
  it("are current: the committed file is what the command spec generates (npm run generate in libs/engine)", () => {
    expect(readFileSync(new URL("./commandTables.generated.ts", import.meta.url), "utf8")).toBe(commandTablesModule())
  })

  it("name every command of the spec once in the table, and derive the lists from the spec's fields", () => {
    for (const name of COMMAND_NAMES) expect(COMMAND_TABLE.split("\n").filter((row) => row.startsWith(`| \`${name}\` |`))).toHaveLength(1)
    expect(FAIL_CLOSED.split(", ")).toContain("key-down")
    expect(STATEFUL_ACTIONS.split(", ")).toContain("check")
  })
})
