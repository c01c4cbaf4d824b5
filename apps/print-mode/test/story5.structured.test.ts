// Story 5: structured output (json, stream-json), exit codes and stdout hygiene.
import * as fs from "node:fs"
import * as path from "node:path"
import { finish, http, match, reasoning, reply, sse, text, toolCall, usage } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"
import { expectValidResult, expectValidStream } from "./schemas.js"

const hookHome = (hooks: Record<string, Array<{ command: string }>>) => {
  const home = makeHome()
  fs.mkdirSync(path.join(home, ".wave"), { recursive: true })
  fs.writeFileSync(path.join(home, ".wave", "settings.json"), JSON.stringify({ hooks }))
  return home
}

describe("story 5: structured output", () => {
  it("5.1/E11 json: exactly one object and one newline; Claude-Code envelope, OpenAI usage units, no cost", async () => {
    await withFake({
      rules: [{ match: match.always, reply: sse([text("The full reply", { chunkSize: 4 }), finish("stop"), usage({ prompt: 10, completion: 4, cached: 6 })]) }]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake)
      expect(run.code).toBe(0)
      expect(run.stdout.endsWith("}\n")).toBe(true)
      expect(run.stdout.indexOf("\n")).toBe(run.stdout.length - 1)
      const result = JSON.parse(run.stdout)
      expectValidResult(result)
      expect(result).toMatchObject({
        type: "result",
        subtype: "success",
        is_error: false,
        result: "The full reply",
        num_turns: 1,
        usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14, cache_read_input_tokens: 6 },
        model_usage: { "main-m": { requests: 1, prompt_tokens: 10, cache_read_input_tokens: 6 } },
        tool_calls: []
      })
      expect(typeof result.session_id).toBe("string")
      expect(typeof result.duration_ms).toBe("number")
      expect(result).not.toHaveProperty("total_cost_usd")
      expect(result).not.toHaveProperty("errors")
    })
  })

  it("5.2 a recoverable error block (hook) and a failed tool keep success and exit 0", async () => {
    const home = hookHome({ UserPromptSubmit: [{ command: "echo 'hook broke' >&2; exit 1" }] })
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("Handled the failure.") },
        { match: match.always, reply: sse([toolCall({ id: "t1", name: "Bash", args: { command: "exit 3" } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json", "--trust-project", "--permission-mode", "bypassPermissions"], fake, { cwd: home })
      const result = JSON.parse(run.stdout)
      expectValidResult(result)
      expect(run.code).toBe(0)
      expect(result.subtype).toBe("success")
      expect(result.is_error).toBe(false)
      expect(result.errors).toHaveLength(1)
      expect(result.errors[0]).toContain("hook broke")
      expect(result.tool_calls).toEqual([
        { id: "t1", name: "Bash", input: { command: "exit 3" }, success: false, error: "Command exited with 3" }
      ])
    })
  })

  it("5.3 the run throws (no model configured): one error result without `result`, exit 1", async () => {
    const run = await runWave(["-p", "hi", "--output-format", "json"], undefined)
    expect(run.code).toBe(1)
    const result = JSON.parse(run.stdout)
    expectValidResult(result)
    expect(result.subtype).toBe("error_during_execution")
    expect(result.is_error).toBe(true)
    expect(result).not.toHaveProperty("result")
    expect(result.errors[0]).toContain("WAVE_BASE_URL")
  })

  it("5.4 errors and no content (401) fail the run in json and stream-json", async () => {
    await withFake({ rules: [{ match: match.always, reply: http(401, { error: { message: "denied" } }) }] }, async (fake) => {
      const json = await runWave(["-p", "hi", "--output-format", "json"], fake)
      expect(json.code).toBe(1)
      const result = JSON.parse(json.stdout)
      expectValidResult(result)
      expect(result).toMatchObject({ subtype: "error_during_execution", is_error: true, num_turns: 0 })
      expect(result.errors).toEqual(["Model API returned HTTP 401: denied"])
      expect(result).not.toHaveProperty("result")
      const stream = await runWave(["-p", "hi", "--output-format", "stream-json"], fake)
      expect(stream.code).toBe(1)
      const lines = stream.lines()
      expectValidStream(lines)
      expect(lines[1]).toMatchObject({ type: "error", source: "api", recoverable: false, http_status: 401 })
    })
  })

  it("5.5/5.7/E12 stream-json: init first, events in order, deltas (not snapshots), result last", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: sse([text("All done here.", { chunkSize: 3 }), finish("stop")]) },
        {
          match: match.always,
          reply: sse([reasoning("Plan it", { chunkSize: 2 }), text("Running", { chunkSize: 3 }), toolCall({ id: "t1", name: "Bash", args: { command: "false" } }), finish("tool_calls")])
        }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "go", "--output-format", "stream-json"], fake)
      const lines = run.lines()
      expectValidStream(lines)
      const init = lines[0]!
      expect(init).toMatchObject({ type: "system", subtype: "init", model: "main-m", permission_mode: "default", schema_version: 1 })
      expect(init["tools"]).toContain("Agent")
      // init is written before the agent loads (start-up fast path): it must name exactly the tools the model gets
      const offered = (fake.requests[0]!.body["tools"] as Array<{ function: { name: string } }>).map((t) => t.function.name)
      expect(init["tools"]).toEqual(offered)
      expect(init["cwd"]).toMatch(/wave-e2e-/)
      const kinds = lines.map((l) => `${l["type"]}/${l["subtype"] ?? ""}`)
      const firstOf = (kind: string) => kinds.indexOf(kind)
      expect(firstOf("assistant/reasoning_delta")).toBeLessThan(firstOf("assistant/content_delta"))
      expect(firstOf("assistant/content_delta")).toBeLessThan(firstOf("tool/start"))
      expect(firstOf("tool/start")).toBeLessThan(firstOf("tool/end"))
      for (const line of lines) if (line["session_id"] !== undefined) expect(line["session_id"]).toBe(init["session_id"])
      const deltas = lines.filter((l) => l["subtype"] === "content_delta")
      const byMessage = new Map<string, string>()
      for (const d of deltas) byMessage.set(d["message_id"], (byMessage.get(d["message_id"]) ?? "") + d["delta"])
      expect([...byMessage.values()]).toEqual(["Running", "All done here."])
      expect(deltas.every((d) => d["delta"].length <= 3)).toBe(true)
      const result = lines[lines.length - 1]!
      expect(result).toMatchObject({ result: "All done here.", num_turns: 2, subtype: "success" })
      expect(result["tool_calls"][0]).toMatchObject({ id: "t1", success: false })
    })
  })

  it("json is the fold of what stream-json prints: the json object equals stream-json's last line", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: sse([text("Done", { chunkSize: 2 }), finish("stop"), usage({ prompt: 5, completion: 1 })]) },
        { match: match.always, reply: sse([reasoning("hmm"), text("Working"), toolCall({ id: "t1", name: "Bash", args: { command: "true" } }), finish("tool_calls"), usage({ prompt: 4, completion: 2, cached: 1 })]) }
      ]
    }, async (fake) => {
      const json = JSON.parse((await runWave(["-p", "go", "--output-format", "json"], fake)).stdout)
      const stream = (await runWave(["-p", "go", "--output-format", "stream-json"], fake)).lines()
      const last = stream[stream.length - 1]!
      const normalize = (r: Record<string, unknown>) => ({ ...r, session_id: "S", duration_ms: 0, duration_api_ms: 0 })
      expect(normalize(json)).toEqual(normalize(last))
    })
  })

  it("5.6a an error block from agent creation (SessionStart hook exit 2) is held until after system/init", async () => {
    const home = hookHome({ SessionStart: [{ command: "echo 'start hook says no' >&2; exit 2" }] })
    await withFake({ rules: [{ match: match.always, reply: reply("Still answered") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--trust-project"], fake, { cwd: home })
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines[0]).toMatchObject({ type: "system", subtype: "init" })
      expect(lines[1]).toMatchObject({ type: "error", source: "hook", recoverable: true })
      expect(lines[1]!["message"]).toContain("start hook says no")
      expect(lines[lines.length - 1]).toMatchObject({ subtype: "success", result: "Still answered" })
      expect(run.code).toBe(0)
    })
  })

  it("5.6b/D2 -r with an unknown id: no init, the error event first, an error result without session_id", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("unused") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "-r", "00000000-0000-0000-0000-000000000000", "--output-format", "stream-json"], fake)
      expect(run.code).toBe(1)
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines.some((l) => l["subtype"] === "init")).toBe(false)
      expect(lines[0]).toMatchObject({ type: "error", source: "create" })
      expect(lines[0]!["message"]).toContain("00000000-0000-0000-0000-000000000000 not found")
      const result = lines[lines.length - 1]!
      expect(result).toMatchObject({
        subtype: "error_during_execution",
        is_error: true,
        num_turns: 0,
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        model_usage: {},
        tool_calls: []
      })
      expect(result).not.toHaveProperty("session_id")
      expect(fake.requests).toHaveLength(0)
    })
  })

  it("5.8 ~200 KB of output read by a slow reader arrives complete, in json and stream-json", async () => {
    const big = "0123456789abcdef".repeat(12_800) // 204,800 characters
    await withFake({ rules: [{ match: match.always, reply: sse([text(big, { chunkSize: 4096 }), finish("stop")]) }] }, async (fake) => {
      const json = await runWave(["-p", "big", "--output-format", "json"], fake, { slowReaderMs: 500 })
      expect(json.code).toBe(0)
      expect(json.stdout.endsWith("\n")).toBe(true)
      expect(JSON.parse(json.stdout).result).toBe(big)
      const stream = await runWave(["-p", "big", "--output-format", "stream-json"], fake, { slowReaderMs: 500 })
      expect(stream.stdout.endsWith("\n")).toBe(true)
      const lines = stream.lines()
      expectValidStream(lines)
      expect(lines.filter((l) => l["subtype"] === "content_delta").map((l) => l["delta"]).join("")).toBe(big)
      expect(lines[lines.length - 1]!["result"]).toBe(big)
    })
  })

  it("5.9/5.9b stray stdout writes and child processes never reach the structured stream", async () => {
    const home = hookHome({ SessionStart: [{ command: "printf 'HOOK_%s' STDOUT" }] })
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("ok") },
        { match: match.always, reply: sse([toolCall({ id: "t1", name: "Bash", args: { command: "printf 'CHILD_%s' STDOUT" } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json"], fake, {
        cwd: home,
        env: { WAVE_TEST_STRAY_STDOUT: "1" }
      })
      expect(run.code).toBe(0)
      expectValidStream(run.lines())
      expect(run.stdout).not.toContain("stray line")
      expect(run.stdout).not.toContain("HOOK_STDOUT")
      expect(run.stdout).not.toContain("CHILD_STDOUT")
      expect(run.stderr).toContain("[wave:stdout] stray line from a dependency\n")
    })
  })

  it("5.10 text mode keeps the stats summary on stdout", async () => {
    await withFake({ rules: [{ match: match.always, reply: sse([text("Hi"), finish("stop"), usage({ prompt: 7, completion: 1 })]) }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--show-stats"], fake)
      expect(run.stdout.startsWith("Hi\n\n📊 Usage: 7 prompt + 1 completion = 8 tokens\n⏱️  Started: ")).toBe(true)
      expect(run.stdout).toMatch(/⏱️ {2}Duration: \d+\.\d\ds\n$/)
      expect(run.stderr).toBe("")
    })
  })

  it("5.11 structured formats put the stats summary on stderr", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("Hi") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--show-stats", "--output-format", "json"], fake)
      expect(JSON.parse(run.stdout).result).toBe("Hi")
      expect(run.stderr).toContain("📊 Usage:")
      expect(run.stderr).toContain("Duration:")
    })
  })

  it("5.12 --output-format without -p: message on stderr, exit 1, nothing on stdout, no model call", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("unused") }] }, async (fake) => {
      const run = await runWave(["--output-format", "json", "hi"], fake)
      expect(run.code).toBe(1)
      expect(run.stdout).toBe("")
      expect(run.stderr).toContain("--output-format is only valid in print mode")
      expect(fake.requests).toHaveLength(0)
    })
  })
})
