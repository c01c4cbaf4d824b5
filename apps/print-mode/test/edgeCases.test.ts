// Edge cases E1-E12 and the decided cases X1-X8 of print-mode.md.
import { finish, garbage, hang, hangup, http, match, reply, sse, text, toolCall, usage } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"
import { expectValidResult, expectValidStream } from "./schemas.js"

const lastLine = (stdout: string) => JSON.parse(stdout.trim().split("\n").pop()!)

describe("edge cases", () => {
  it("E1 an empty main response: text prints only a newline, json gives result \"\"", async () => {
    await withFake({ rules: [{ match: match.always, reply: sse([finish("stop")]) }] }, async (fake) => {
      const textRun = await runWave(["-p", "say nothing"], fake)
      expect(textRun.stdout).toBe("\n")
      expect(textRun.code).toBe(0)
      const json = await runWave(["-p", "say nothing", "--output-format", "json"], fake)
      expect(JSON.parse(json.stdout)).toMatchObject({ subtype: "success", result: "" })
    })
  })

  it("E2 a failing sub-agent reaches the main agent as a failed tool result, not as a run error", async () => {
    await withFake({
      rules: [
        { name: "sub", match: match.firstUserContains("SUB_TASK"), reply: http(401, { error: { message: "SUB_AUTH_FAIL" } }) },
        { name: "main-2", match: match.hasToolResult(), reply: reply("The helper failed; here is what I know.") },
        { match: match.always, reply: sse([toolCall({ id: "a1", name: "Agent", args: { description: "d", prompt: "SUB_TASK" } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake)
      const result = JSON.parse(run.stdout)
      expectValidResult(result)
      expect(run.code).toBe(0)
      expect(result).not.toHaveProperty("errors")
      expect(result.tool_calls[0]).toMatchObject({ name: "Agent", success: false })
      expect(run.stdout).not.toContain("SUB_AUTH_FAIL") // the sub-agent's error text stays in the transcript
      const wrap = fake.requests.find((r) => r.rule === "main-2")!
      expect(wrap.rawBody).toContain("SUB_AUTH_FAIL")
    })
  })

  it("E6 a stream broken mid-way is discarded and retried: one turn, the discard is visible, result is the retry", async () => {
    await withFake({
      rules: [
        { match: match.always, times: 1, reply: hangup(2, [text("Half of a"), text(" message"), text(" never finished")]) },
        { match: match.always, reply: reply("Complete answer") }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json"], fake)
      const lines = run.lines()
      expectValidStream(lines)
      const discard = lines.find((l) => l["subtype"] === "discard")!
      expect(lines.filter((l) => l["message_id"] === discard["message_id"] && l["subtype"] === "content_delta").length).toBe(2)
      expect(lines[lines.length - 1]).toMatchObject({ result: "Complete answer", num_turns: 1, subtype: "success" })
    })
  })

  it("a server that always hangs up mid-stream ends in a clear failure, not a hang", async () => {
    await withFake({ rules: [{ match: match.always, reply: hangup(1, [text("a"), text("b")]) }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake)
      expect(run.code).toBe(1)
      const result = JSON.parse(run.stdout)
      expect(result.subtype).toBe("error_during_execution")
      expect(result.errors[0]).toMatch(/connection lost|closed the stream/)
      expect(fake.requests).toHaveLength(3) // first try + WAVE_MAX_RETRIES=2
    })
  })

  it("an unreachable model endpoint is a clear error result, not a hang", async () => {
    const run = await runWave(["-p", "hi", "--output-format", "json"], { url: "http://127.0.0.1:9/v1" }, { env: { WAVE_MAX_RETRIES: "10" } })
    expect(run.code).toBe(1)
    const result = JSON.parse(run.stdout)
    expectValidResult(result)
    expect(result.errors[0]).toMatch(/^Model API unreachable or connection lost: 127\.0\.0\.1:9: connect ECONNREFUSED/)
  })

  it("malformed SSE lines are skipped; a 429 with Retry-After is retried transparently", async () => {
    await withFake({
      rules: [
        { match: match.always, times: 1, reply: http(429, { error: { message: "busy" } }, { "retry-after": "0" }) },
        { match: match.always, reply: sse([garbage(), text("Fine"), garbage("{\"choices\":"), finish("stop")]) }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake)
      expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "Fine" })
      expect(fake.requests).toHaveLength(2)
    })
  })

  it("E8/E9/X5 tool_calls entries are {id,name,input,success,error?}; unparsable arguments keep the raw string", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("Could not run that.") },
        { match: match.always, reply: sse([toolCall({ id: "bad", name: "Bash", args: "{\"command\": \"ls", fragments: 2 }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const stream = await runWave(["-p", "hi", "--output-format", "stream-json"], fake)
      const lines = stream.lines()
      expectValidStream(lines)
      const start = lines.findIndex((l) => l["type"] === "tool" && l["subtype"] === "start")
      const end = lines.findIndex((l) => l["type"] === "tool" && l["subtype"] === "end")
      expect(start).toBeGreaterThan(0)
      expect(end).toBeGreaterThan(start)
      expect(lines[start]!["input"]).toBe("{\"command\": \"ls")
      const call = lines[lines.length - 1]!["tool_calls"][0]
      expect(Object.keys(call).sort()).toEqual(["error", "id", "input", "name", "success"])
      expect(call).toMatchObject({ id: "bad", input: "{\"command\": \"ls", success: false })
      const textRun = await runWave(["-p", "hi"], fake)
      expect(textRun.stdout).toBe("Could not run that.\n") // no 🔧 line: the call never ran
    })
  })

  it("X4/D10 a tool id repeated by the model yields one tool/start and one tool/end", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("ok") },
        {
          match: match.always,
          reply: sse([
            toolCall({ id: "dup", name: "Bash", args: { command: "true" }, index: 0 }),
            toolCall({ id: "dup", name: "Bash", args: { command: "true" }, index: 1 }),
            finish("tool_calls")
          ])
        }
      ]
    }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json"], fake)
      const lines = run.lines()
      expectValidStream(lines)
      expect(lines.filter((l) => l["type"] === "tool" && l["subtype"] === "start")).toHaveLength(1)
      expect(lines.filter((l) => l["type"] === "tool" && l["subtype"] === "end")).toHaveLength(1)
      expect(lines[lines.length - 1]!["tool_calls"]).toHaveLength(1)
    })
  })

  it("X2/D8 --max-turns reached: error_max_turns, is_error, exit 1, result is the last text", async () => {
    await withFake({
      rules: [{ match: match.always, reply: sse([toolCall({ id: "t", name: "Bash", args: { command: "true" } }), finish("tool_calls")]) }]
    }, async (fake) => {
      const run = await runWave(["-p", "loop", "--output-format", "json", "--max-turns", "1"], fake)
      expect(run.code).toBe(1)
      const result = JSON.parse(run.stdout)
      expectValidResult(result)
      expect(result).toMatchObject({ subtype: "error_max_turns", is_error: true, result: "", num_turns: 1 })
      expect(fake.requests).toHaveLength(1)
    })
  })

  it("X1/X3/5.9 -r and -c rebuild the conversation from the store; usage covers this run only", async () => {
    const home = makeHome()
    await withFake({
      rules: [
        { name: "second", match: match.all(match.lastUserContains("and now?"), match.contains("FIRST_QUESTION")), reply: sse([text("Second answer"), finish("stop"), usage({ prompt: 30, completion: 2 })]) },
        { name: "first", match: match.always, reply: sse([text("First answer"), finish("stop"), usage({ prompt: 10, completion: 2 })]) }
      ]
    }, async (fake) => {
      const first = JSON.parse((await runWave(["-p", "FIRST_QUESTION", "--output-format", "json"], fake, { cwd: home })).stdout)
      const second = await runWave(["-p", "and now?", "-r", first.session_id, "--output-format", "json"], fake, {
        cwd: home,
        env: { WAVE_TEST_STRAY_STDOUT: "1" }
      })
      const resumed = JSON.parse(second.stdout)
      expectValidResult(resumed)
      expect(resumed.session_id).toBe(first.session_id)
      expect(resumed.result).toBe("Second answer")
      expect(resumed.usage).toEqual({ prompt_tokens: 30, completion_tokens: 2, total_tokens: 32, input_tokens: 30, output_tokens: 2 })
      const request = fake.requests.find((r) => r.rule === "second")!
      expect(request.body.messages!.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"])
      expect(second.stderr).toContain("[wave:stdout] ")

      const cont = await runWave(["-p", "-c", "--output-format", "json"], fake, { cwd: home })
      const continued = JSON.parse(cont.stdout)
      expect(cont.code).toBe(0)
      expect(continued).toMatchObject({ session_id: first.session_id, num_turns: 0, result: "", subtype: "success" })
      expect(fake.requests).toHaveLength(2)
    })
  })

  it("--model, --tools, --disallowed-tools and --headed shape init and the request", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("ok") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "stream-json", "--model", "other-m", "--tools", "snapshot,click Agent", "--disallowed-tools", "click", "--headed"], fake, {
        env: { WAVE_DISABLE_DESKTOP: undefined }
      })
      const init = run.lines()[0]!
      // --headed is about physical input, not a permission mode.
      expect(init).toMatchObject({ model: "other-m", permission_mode: "default", tools: ["snapshot", "Agent"] })
      const request = fake.requests[0]!
      expect(request.body.model).toBe("other-m")
      expect((request.body["tools"] as Array<{ function: { name: string } }>).map((t) => t.function.name)).toEqual(["snapshot", "Agent"])
    })
  })

  it("an unusable session store is a recoverable error: the answer still arrives, the run succeeds", async () => {
    await withFake({ rules: [{ match: match.always, reply: reply("Answered anyway") }] }, async (fake) => {
      const run = await runWave(["-p", "hi", "--output-format", "json"], fake, { env: { AGENT_DESKTOP_HOME: "relative/home" } })
      const result = JSON.parse(run.stdout)
      expect(run.code).toBe(0)
      expect(result).toMatchObject({ subtype: "success", result: "Answered anyway" })
      expect(result.errors).toHaveLength(1)
      expect(result.errors[0]).toContain("Session not saved")
      expect(result.errors[0]).toContain("absolute")
    })
  })

  it("X6/X7 argument errors after -p with a structured format still end with one error result", async () => {
    const bareRestore = await runWave(["-p", "hi", "--output-format", "json", "-r"], undefined)
    expect(bareRestore.code).toBe(1)
    expect(JSON.parse(bareRestore.stdout)).toMatchObject({ subtype: "error_during_execution", errors: ["-r requires a session id"] })
    expectValidResult(JSON.parse(bareRestore.stdout))
    const empty = await runWave(["-p", ""], undefined)
    expect(empty.code).toBe(1)
    expect(empty.stdout).toBe("")
    expect(empty.stderr).toContain("Print mode requires a message")
    const emptyJson = await runWave(["-p", "", "--output-format", "stream-json"], undefined)
    expect(emptyJson.code).toBe(1)
    expect(emptyJson.lines()).toHaveLength(1)
    expectValidStream(emptyJson.lines())
  })

  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`X8/D9 ${signal} during a structured run: one error result naming the signal, exit ${code}`, async () => {
      await withFake({ rules: [{ match: match.always, reply: hang() }] }, async (fake) => {
        const run = await runWave(["-p", "wait forever", "--output-format", "stream-json"], fake, {
          onSpawn: (child) => {
            void fake.waitForRequest(() => true).then(() => child.kill(signal))
          }
        })
        expect(run.code).toBe(code)
        const lines = run.lines()
        expectValidStream(lines)
        expect(lastLine(run.stdout)).toMatchObject({ subtype: "error_during_execution", is_error: true, errors: [`Interrupted by ${signal}`] })
      })
    })
  }
})
