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
      for (const filter of [{}, { allowed: ["snapshot", "Agent"] }, { disallowed: ["Bash", "click"] }]) {
        expect(availableToolNames({ desktop, ...filter })).toEqual(filterTools(build(desktop), filter).map((t) => t.name))
      }
    }
  })

  it("a desktop tool may be named as its command; a rule with a specifier does not remove its tool", () => {
    const names = availableToolNames({ desktop: true, disallowed: ["close-app", "launch(firefox:*)"] })
    expect(names).not.toContain("close_app")
    expect(names).toContain("launch")
    expect(availableToolNames({ desktop: true, allowed: ["close-app(gedit)"] })).toEqual(["close_app"])
  })
})
