// `--allowedTools` as in Claude Code: its rules pre-approve calls and the permission gate decides; the tool list is
// not cut (it used to be: `--allowedTools "Bash(git status:*)"` left the model with Bash alone and no desktop
// tools). `--tools` cuts the built-in list; a bare `--disallowedTools` name removes its tool.
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, match, reply, sse, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"

const requestTools = (body: Record<string, unknown>) =>
  (body["tools"] as Array<{ function: { name: string } }>).map((tool) => tool.function.name)

describe("--allowedTools pre-approves; the tool list stays whole", () => {
  it("Bash(touch:*) approves touch, the gate still denies rm, and the desktop tools stay offered", async () => {
    await withFake({
      rules: [
        { name: "answer", match: match.toolResultCount(2), reply: reply("done") },
        {
          name: "calls",
          match: match.always,
          reply: sse([
            toolCall({ id: "t1", name: "Bash", args: { command: "touch approved.txt" }, index: 0 }),
            toolCall({ id: "t2", name: "Bash", args: { command: "rm -f keep.txt" }, index: 1 }),
            finish("tool_calls")
          ])
        }
      ]
    }, async (fake) => {
      const home = makeHome()
      fs.writeFileSync(path.join(home, "keep.txt"), "x")
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--allowedTools", "Bash(touch:*)"], fake, {
        cwd: home,
        env: { WAVE_DISABLE_DESKTOP: undefined }
      })
      const lines = run.lines()
      const init = lines[0]!
      for (const name of ["snapshot", "click", "type", "Bash", "Agent"]) expect(init["tools"]).toContain(name)
      expect(requestTools(fake.requests[0]!.body)).toEqual(init["tools"])
      expect(fs.existsSync(path.join(home, "approved.txt"))).toBe(true)
      expect(fs.existsSync(path.join(home, "keep.txt"))).toBe(true)
      const result = lines.at(-1)!
      expect(result["permission_denials"]).toEqual([{ tool_name: "Bash", tool_use_id: "t2", tool_input: { command: "rm -f keep.txt" } }])
    })
  })

  it("--disallowedTools Bash removes Bash; --tools names the built-in tools offered", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const removed = await runWave(["-p", "hi", "--output-format", "stream-json", "--disallowedTools", "Bash", "--allowedTools", "Bash"], fake, {
        env: { WAVE_DISABLE_DESKTOP: undefined }
      })
      const tools = removed.lines()[0]!["tools"] as Array<string>
      expect(tools).not.toContain("Bash")
      expect(tools).toContain("snapshot")
      const cut = await runWave(["-p", "hi", "--output-format", "stream-json", "--tools", "snapshot,Agent"], fake, {
        env: { WAVE_DISABLE_DESKTOP: undefined }
      })
      expect(cut.lines()[0]!["tools"]).toEqual(["snapshot", "Agent"])
      const none = await runWave(["-p", "hi", "--output-format", "json", "--tools", ""], fake, { env: { WAVE_DISABLE_DESKTOP: undefined } })
      expect(none.code).toBe(0)
      expect(fake.requests.at(-1)!.body["tools"]).toBeUndefined()
    })
  })
})
