// The usage a `claude -p` consumer's parser reads, beside the seed's OpenAI units: usage.input_tokens (without the
// cache), output_tokens, cache_read_input_tokens, num_turns, duration_ms, duration_api_ms, session_id, and
// total_cost_usd only where WAVE_MODEL_PRICING prices every model used (never a made-up 0).
import { finish, match, sse, text, toolCall, usage } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { runWave, withFake } from "./runWave.js"

const script = () => ({
  rules: [
    {
      match: match.hasToolResult(),
      delayMs: 150,
      reply: sse([text("done"), finish("stop"), usage({ prompt: 1_000, completion: 200, cached: 600 })])
    },
    {
      match: match.always,
      delayMs: 150,
      reply: sse([toolCall({ id: "b1", name: "Bash", args: { command: "true" } }), finish("tool_calls"), usage({ prompt: 400, completion: 50 })])
    }
  ]
})

describe("usage a claude -p consumer reads", () => {
  it("json: the seed's numbers, the Anthropic-unit names, API time, and no cost without a price", async () => {
    await withFake(script(), async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake)
      expect(run.code, run.stderr).toBe(0)
      const result = JSON.parse(run.stdout)
      expect(result.usage).toEqual({
        prompt_tokens: 1_400,
        completion_tokens: 250,
        total_tokens: 1_650,
        input_tokens: 800,
        output_tokens: 250,
        cache_read_input_tokens: 600
      })
      expect(result.num_turns).toBe(2)
      expect(typeof result.session_id).toBe("string")
      // Two model calls, each held 150 ms by the server before it answered.
      expect(result.duration_api_ms).toBeGreaterThanOrEqual(300)
      expect(result.duration_ms).toBeGreaterThanOrEqual(result.duration_api_ms)
      expect(result).not.toHaveProperty("total_cost_usd")
      expect(result.model_usage["main-m"]).not.toHaveProperty("cost_usd")
    })
  })

  it("WAVE_MODEL_PRICING gives total_cost_usd and each model's cost_usd; a bad value is an argument error", async () => {
    await withFake(script(), async (fake) => {
      const pricing = JSON.stringify({ "main-m": { input_per_mtok: 3, output_per_mtok: 15, cache_read_per_mtok: 0.3 } })
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--show-stats"], fake, { env: { WAVE_MODEL_PRICING: pricing } })
      expect(run.code, run.stderr).toBe(0)
      const result = run.lines().at(-1)!
      const expected = (800 * 3 + 250 * 15 + 600 * 0.3) / 1_000_000
      expect(result["total_cost_usd"]).toBeCloseTo(expected, 12)
      expect(result["model_usage"]["main-m"]["cost_usd"]).toBeCloseTo(expected, 12)
      expect(run.stderr).toContain(`💵 Cost: $${expected.toFixed(6)}`)
      // A cache kind the price does not cover: no cost at all rather than a guess.
      const partial = await runWave(["-p", "hi", "--output-format", "json"], fake, {
        env: { WAVE_MODEL_PRICING: JSON.stringify({ "main-m": { input_per_mtok: 3, output_per_mtok: 15 } }) }
      })
      expect(JSON.parse(partial.stdout)).not.toHaveProperty("total_cost_usd")
      const bad = await runWave(["-p", "hi", "--output-format", "json"], fake, { env: { WAVE_MODEL_PRICING: "{oops" } })
      expect(bad.code).toBe(1)
      expect(JSON.parse(bad.stdout)).toMatchObject({ subtype: "error_during_execution", errors: [expect.stringContaining("WAVE_MODEL_PRICING is not JSON")] })
    })
  })
})
