// Story 2: progress lines in text mode (reasoning/response headers, 🔧 tool lines once per id, ❌ error lines).
import { finish, http, match, reasoning, reply, sse, text, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { runWave, withFake } from "./runWave.js"

describe("story 2: progress indicators in text mode", () => {
  it("2.1 reasoning header, then the response header once per message", async () => {
    await withFake({
      rules: [{ match: match.always, reply: sse([reasoning("Let me think", { chunkSize: 4 }), text("Answer", { chunkSize: 2 }), finish("stop")]) }]
    }, async (fake) => {
      const run = await runWave(["-p", "think"], fake)
      expect(run.stdout).toBe("\n💭 Reasoning:\nLet me think\n\n📝 Response:\nAnswer\n")
      expect(run.code).toBe(0)
    })
  })

  it("2.2/D6 one 🔧 line per tool id with compact params; the tool's own output is not printed", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("Done.") },
        {
          match: match.always,
          reply: sse([
            toolCall({ id: "t1", name: "Bash", args: { command: "echo TOOL_OUTPUT" }, index: 0 }),
            toolCall({ id: "t2", name: "Bash", args: {}, index: 1 }),
            finish("tool_calls")
          ])
        }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "run it"], fake)
      expect(run.stdout).toBe("\n🔧 Bash echo TOOL_OUTPUT\n\n🔧 Bash\n\nDone.\n")
      expect(run.stdout.split("TOOL_OUTPUT")).toHaveLength(2) // only in the 🔧 line, never the command's output
      expect(run.code).toBe(0)
    })
  })

  it("2.3/5.4 an HTTP 401 prints an ❌ line and, with no content, exits 1 in text mode too", async () => {
    await withFake({ rules: [{ match: match.always, reply: http(401, { error: { message: "invalid api key" } }) }] }, async (fake) => {
      const run = await runWave(["-p", "hi"], fake)
      expect(run.stdout).toBe("\n❌ Error: Model API returned HTTP 401: invalid api key\n\n")
      expect(run.code).toBe(1)
      expect(fake.requests).toHaveLength(1)
    })
  })
})
