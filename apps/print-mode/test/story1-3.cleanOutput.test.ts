// Stories 1-3: only main-agent output on stdout; sub-agents and the memory fork are silent; a sub-agent's answer
// returns to the main agent as a tool result.
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, match, reasoning, reply, sse, text, toolCall, usage } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

const agentCall = (prompt: string, background = false) =>
  sse([
    toolCall({ id: "call_agent", name: "Agent", args: { description: "sub task", prompt, ...(background ? { run_in_background: true } : {}) }, fragments: 3 }),
    finish("tool_calls"),
    usage({ prompt: 20, completion: 5 })
  ])

describe("story 1: clean, response-only output", () => {
  it("1.1 text mode prints only the response and a final newline", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("Hello") }] }, async (fake) => {
      const run = await runWave(["-p", "hi"], fake)
      expect(run.stdout).toBe("Hello\n")
      expect(run.code).toBe(0)
      expect(run.stderr).not.toMatch(/Restoring|session/i)
    })
  })

  it("1.2/E4/D11 the auto-memory fork never prints and the exit waits for it", async () => {
    const home = makeHome()
    fs.mkdirSync(path.join(home, ".wave"), { recursive: true })
    fs.writeFileSync(path.join(home, ".wave", "settings.json"), JSON.stringify({ autoMemoryEnabled: true, autoMemoryFrequency: 1 }))
    await withFake({
      rules: [
        {
          name: "memory",
          match: match.systemContains("memory extractor"),
          delayMs: 400,
          reply: sse([reasoning("MEM_REASONING"), text("- MEM_SECRET"), finish("stop")])
        },
        { name: "main", match: match.always, reply: reply("Main answer") }
      ]
    }, async (fake) => {
      for (const format of ["text", "stream-json"]) {
        const run = await runWave(["-p", "remember things", "--output-format", format, "--trust-project"], fake, { cwd: home })
        expect(run.code).toBe(0)
        for (const secret of ["MEM_SECRET", "MEM_REASONING", "memory extractor"]) expect(run.stdout).not.toContain(secret)
        expect(fs.readFileSync(path.join(home, ".wave", "memory", "MEMORY.md"), "utf8")).toContain("MEM_SECRET")
        if (format === "stream-json") expectValidStream(run.lines())
      }
      expect(fake.requests.filter((r) => r.rule === "memory")).toHaveLength(2)
    })
  })

  it("1.3/3.1/3.3/E7 a foreground sub-agent is silent; its answer reaches the main agent as a tool result", async () => {
    await withFake({
      rules: [
        {
          name: "sub",
          match: match.firstUserContains("SUB_PROMPT"),
          reply: sse([reasoning("SUB_REASONING"), text("SUB_SECRET found", { chunkSize: 4 }), finish("stop")])
        },
        { name: "main-2", match: match.hasToolResult(), reply: reply("The sub-agent reported back.") },
        { name: "main-1", match: match.always, reply: agentCall("please SUB_PROMPT now") }
      ]
    }, async (fake) => {
      const textRun = await runWave(["-p", "delegate"], fake)
      expect(textRun.code).toBe(0)
      expect(textRun.stdout).toBe("\n🔧 Agent sub task please SUB_PROMPT now\n\nThe sub-agent reported back.\n")
      expect(textRun.stdout).not.toContain("SUB_SECRET")
      expect(textRun.stdout).not.toContain("SUB_REASONING")
      const wrapUp = fake.requests.find((r) => r.rule === "main-2")!
      const toolMessage = wrapUp.body.messages!.find((m) => m.role === "tool")!
      expect(toolMessage.content).toContain("SUB_SECRET found")

      const json = await runWave(["-p", "delegate", "--output-format", "stream-json"], fake)
      expect(json.stdout).not.toContain("SUB_SECRET")
      expect(json.stdout).not.toContain("SUB_REASONING")
      const lines = json.lines()
      expectValidStream(lines)
      const result = lines[lines.length - 1]!
      expect(result["tool_calls"]).toEqual([
        { id: "call_agent", name: "Agent", input: { description: "sub task", prompt: "please SUB_PROMPT now" }, success: true }
      ])
      expect(result["result"]).toBe("The sub-agent reported back.")
    })
  })
})
