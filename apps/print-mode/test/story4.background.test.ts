// Story 4: the exit waits for background sub-agents and for the main agent's wrap-up turn(s).
import { finish, hang, match, reasoning, reply, sse, text, toolCall } from "@agent-desktop/fake-model"
import type { RecordedRequest } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { runWave, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

const startBoth = sse([
  toolCall({ id: "bg_a", name: "Agent", args: { description: "task A", prompt: "TASK_A", run_in_background: true }, index: 0 }),
  toolCall({ id: "bg_b", name: "Agent", args: { description: "task B", prompt: "TASK_B", run_in_background: true }, index: 1 }),
  finish("tool_calls")
])

/** The wrap-up answer names every sub-agent marker the conversation holds so far. */
const wrapUp = (request: RecordedRequest) =>
  reply(`Final: ${["A_DONE", "B_DONE"].filter((m) => request.rawBody.includes(m)).join(" ")}`)

describe("story 4: wait for background work and the wrap-up turn", () => {
  it("4.1/E5/E3/3.2 staggered background sub-agents: exit only after the final wrap-up that holds both", async () => {
    await withFake({
      rules: [
        { name: "sub-a", match: match.firstUserContains("TASK_A"), delayMs: 300, reply: sse([reasoning("SUB_SECRET_A"), text("A_DONE"), finish("stop")]) },
        { name: "sub-b", match: match.firstUserContains("TASK_B"), delayMs: 900, reply: sse([reasoning("SUB_SECRET_B"), text("B_DONE"), finish("stop")]) },
        { name: "wrap", match: match.lastUserContains("<task-notification>"), reply: wrapUp },
        { name: "after-start", match: match.lastIsToolResult, reply: reply("Started both; waiting.") },
        { name: "main", match: match.always, reply: startBoth }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "do two things", "--output-format", "stream-json"], fake)
      expect(run.code).toBe(0)
      const lines = run.lines()
      expectValidStream(lines)
      const result = lines[lines.length - 1]!
      expect(result["subtype"]).toBe("success")
      expect(result["result"]).toBe("Final: A_DONE B_DONE")
      expect(run.stdout).not.toContain("SUB_SECRET")
      const wraps = fake.requests.filter((r) => r.rule === "wrap")
      expect(wraps.length).toBeGreaterThanOrEqual(1)
      expect(wraps[wraps.length - 1]!.rawBody).toContain("B_DONE")
      expect(wraps[wraps.length - 1]!.rawBody).toContain("A_DONE")
    })
  })

  it("4.4 a slow wrap-up stream (1.5 s) is printed whole before exit", async () => {
    const words = Array.from({ length: 15 }, (_, i) => `w${i}`).join(" ")
    await withFake({
      rules: [
        { match: match.firstUserContains("TASK_A"), delayMs: 100, reply: reply("A_DONE") },
        { match: match.lastUserContains("<task-notification>"), reply: sse([text(words, { chunkSize: 3 }), finish("stop")], { delayMs: 100 }) },
        { match: match.lastIsToolResult, reply: reply("Started.") },
        { match: match.always, reply: sse([toolCall({ id: "bg", name: "Agent", args: { description: "a", prompt: "TASK_A", run_in_background: true } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "go"], fake)
      expect(run.code).toBe(0)
      expect(run.stdout.endsWith(`${words}\n`)).toBe(true)
    })
  })

  it("D7 a background task that never ends is stopped at --max-wait-ms, reported with heartbeats and incomplete_tasks", async () => {
    await withFake({
      rules: [
        { match: match.firstUserContains("TASK_HANG"), reply: hang() },
        { match: match.lastIsToolResult, reply: reply("Started.") },
        { match: match.always, reply: sse([toolCall({ id: "bg", name: "Agent", args: { description: "stuck", prompt: "TASK_HANG", run_in_background: true } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "go", "--output-format", "stream-json", "--max-wait-ms", "1500"], fake, {
        env: { WAVE_HEARTBEAT_MS: "200" }
      })
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines.some((l) => l["type"] === "system" && l["subtype"] === "waiting" && l["pending"][0]["description"] === "stuck")).toBe(true)
      const result = lines[lines.length - 1]!
      expect(result["incomplete_tasks"]).toEqual([{ task_id: expect.any(String), type: "agent", description: "stuck" }])
      expect(result["errors"][0]).toContain("ceiling")
      expect(result["subtype"]).toBe("success")
      expect(run.code).toBe(0)
    })
  })
})
