// wave against the Anthropic Messages API (the fake's Messages endpoint, real HTTP and SSE): selected by
// WAVE_PROVIDER=anthropic or by a claude -p user's own environment (ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL /
// ANTHROPIC_MODEL); tool use round trips, retries, and the same output contract as with an OpenAI endpoint.
import { anthropic, finish, http, match, reasoning, reply, sse, text, toolCall, usage } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { runWave, withFake } from "./runWave.js"
import { expectValidStream } from "./schemas.js"

describe("the Anthropic Messages provider, end to end", () => {
  it("WAVE_PROVIDER=anthropic: a tool round trip, reasoning, retries of 529 and of an overloaded event, usage", async () => {
    await withFake({
      rules: [
        { name: "overloaded", match: match.hasToolResult(), times: 1, reply: sse([anthropic.streamError("overloaded_error", "Overloaded")]) },
        { name: "answer", match: match.hasToolResult("Permission denied"), reply: sse([text("The shell was refused."), finish("stop"), usage({ prompt: 300, completion: 9, cached: 200 })]) },
        { name: "busy", match: match.always, times: 1, reply: http(529, { error: { message: "Overloaded" } }) },
        { name: "call", match: match.always, reply: sse([reasoning("I should look"), toolCall({ id: "toolu_1", name: "Bash", args: { command: "id" } }), finish("tool_calls"), usage({ prompt: 100, completion: 5 })]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "who am i", "--output-format", "stream-json", "--verbose"], fake, { env: { WAVE_PROVIDER: "anthropic" } })
      expect(run.code, run.stderr).toBe(0)
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines.find((line) => line["subtype"] === "reasoning_delta")).toMatchObject({ delta: "I should look" })
      expect(lines.find((line) => line["subtype"] === "start")).toMatchObject({ id: "toolu_1", name: "Bash", input: { command: "id" } })
      const result = lines.at(-1)!
      expect(result).toMatchObject({ subtype: "success", result: "The shell was refused.", num_turns: 2 })
      expect(result["usage"]).toEqual({ prompt_tokens: 400, completion_tokens: 14, total_tokens: 414, input_tokens: 200, output_tokens: 14, cache_creation_input_tokens: 0, cache_read_input_tokens: 200 })
      expect(fake.requests.map((r) => r.rule)).toEqual(["busy", "call", "overloaded", "answer"])
      expect(fake.requests.every((r) => r.protocol === "anthropic" && r.headers["x-api-key"] === "test-key")).toBe(true)
      expect(run.stderr).toMatch(/HTTP 529: Overloaded \(retryable\)/)
      expect(run.stderr).toMatch(/overloaded_error: Overloaded \(retryable\)/)
    })
  })

  it("a claude -p user's environment selects it: ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_MODEL", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("Hello from Messages") }] }, async (fake) => {
      const run = await runWave(["-p", "hi"], fake, {
        env: {
          WAVE_BASE_URL: undefined,
          WAVE_API_KEY: undefined,
          WAVE_MODEL: undefined,
          ANTHROPIC_BASE_URL: fake.origin,
          ANTHROPIC_API_KEY: "sk-ant-test",
          ANTHROPIC_MODEL: "claude-test"
        }
      })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toBe("Hello from Messages\n")
      expect(fake.requests[0]).toMatchObject({ path: "/v1/messages", protocol: "anthropic" })
      expect(fake.requests[0]!.headers["x-api-key"]).toBe("sk-ant-test")
      expect(fake.requests[0]!.body.model).toBe("claude-test")
    })
  })

  it("an authentication error is a failed run with the API's message, not retried", async () => {
    await withFake({ rules: [{ match: match.always, reply: http(401, { error: { message: "invalid x-api-key" } }) }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake, { env: { WAVE_PROVIDER: "anthropic" } })
      expect(run.code).toBe(1)
      expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "error_during_execution", errors: ["Model API returned HTTP 401: invalid x-api-key"] })
      expect(fake.requests).toHaveLength(1)
    })
  })
})
