import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { BackgroundHost } from "../loop/BackgroundTask.js"
import { agentTool } from "./AgentTool.js"
import { bashTool } from "./BashTool.js"
import { desktopTools } from "./DesktopTools.js"
import { filterTools } from "./ToolFilter.js"
import { availableToolNames } from "./toolNames.js"

describe("availableToolNames", () => {
  it("names exactly the tools the agent builds, in the same order, under the same filters", () => {
    const runner = () => Effect.succeed({ version: "2.7", ok: true, command: "x" })
    const fakeHost = {} as BackgroundHost
    const build = (desktop: boolean) => [
      ...(desktop ? desktopTools(runner, { headed: false, session: "s", autoRecover: false }) : []),
      bashTool("/"),
      agentTool(fakeHost, () => Effect.die("unused"), () => {})
    ]
    for (const desktop of [true, false]) {
      for (const filter of [{}, { tools: ["snapshot", "Agent"] }, { tools: [] }, { disallowed: ["Bash", "click"] }]) {
        expect(availableToolNames({ desktop, ...filter })).toEqual(filterTools(build(desktop), filter).map((t) => t.name))
      }
    }
  })

  it("a desktop tool may be named as its command; a rule with a specifier does not remove its tool", () => {
    const names = availableToolNames({ desktop: true, disallowed: ["close-app", "launch(firefox:*)"] })
    expect(names).not.toContain("close_app")
    expect(names).toContain("launch")
    expect(availableToolNames({ desktop: true, tools: ["close-app", "Bash"] })).toEqual(["close_app", "Bash"])
  })

  it("--tools cuts the built-in tools only; MCP tools go only by --disallowed-tools, by tool or by server", () => {
    const tools = [{ name: "Bash" }, { name: "snapshot" }, { name: "mcp__files__read" }, { name: "mcp__files__write" }, { name: "mcp__web__get" }]
    expect(filterTools(tools, { tools: [] }).map((t) => t.name)).toEqual(["mcp__files__read", "mcp__files__write", "mcp__web__get"])
    expect(filterTools(tools, { disallowed: ["mcp__files"] }).map((t) => t.name)).toEqual(["Bash", "snapshot", "mcp__web__get"])
    expect(filterTools(tools, { disallowed: ["mcp__files__write", "mcp__web__*"] }).map((t) => t.name))
      .toEqual(["Bash", "snapshot", "mcp__files__read"])
  })
})
