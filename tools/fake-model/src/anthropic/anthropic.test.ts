import { afterEach, describe, expect, it } from "vitest"
import { finish, hangup, http, reasoning, reply, sse, text, toolCall, usage } from "../chunks.js"
import { hasToolResult, systemContains } from "../match.js"
import { type FakeModel, startFakeModel } from "../server.js"
import { streamError } from "./events.js"

const headers = { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" }

const post = (fake: FakeModel, body: unknown, extra: Record<string, string> = headers) =>
  fetch(`${fake.origin}/v1/messages`, { method: "POST", headers: extra, body: JSON.stringify(body) })

const events = (body: string) =>
  body.split("\n\n").filter((part) => part.trim() !== "").map((part) => {
    const lines = part.split("\n")
    const name = lines.find((line) => line.startsWith("event: "))?.slice(7)
    const data = lines.find((line) => line.startsWith("data: "))?.slice(6) ?? ""
    return { name, data }
  })

const base = { model: "m", max_tokens: 100, messages: [{ role: "user", content: "hi" }] }

let fake: FakeModel | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

describe("fake-model: the Anthropic Messages API", () => {
  it("sends the same script as Messages stream events: blocks per kind, tool input as JSON pieces, stop reason and usage", async () => {
    fake = await startFakeModel({
      rules: [{
        match: () => true,
        reply: sse([reasoning("think"), text("Hel"), text("lo"), toolCall({ id: "tu_1", name: "Bash", args: { command: "ls" }, fragments: 2 }),
          finish("tool_calls"), usage({ prompt: 50, completion: 7, cached: 20 })])
      }]
    })
    const body = await (await post(fake, base)).text()
    const parsed = events(body)
    expect(parsed.every((event) => event.name !== undefined && JSON.parse(event.data).type === event.name)).toBe(true)
    expect(parsed.map((event) => event.name)).toEqual([
      "message_start",
      "content_block_start", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "message_delta", "message_stop"
    ])
    const data = parsed.map((event) => JSON.parse(event.data))
    expect(data[0].message.usage).toMatchObject({ input_tokens: 30, cache_read_input_tokens: 20 })
    expect(data[8]).toMatchObject({ index: 2, content_block: { type: "tool_use", id: "tu_1", name: "Bash", input: {} } })
    expect(data[9].delta.partial_json + data[10].delta.partial_json).toBe('{"command":"ls"}')
    expect(data[12]).toMatchObject({ delta: { stop_reason: "tool_use" }, usage: { output_tokens: 7 } })
    expect(body).not.toContain("[DONE]")
    expect(fake.requests[0]).toMatchObject({ protocol: "anthropic" })
  })

  it("refuses what the real API refuses, with its error body", async () => {
    fake = await startFakeModel({ rules: [{ match: () => true, reply: reply("x") }] })
    const noVersion = await post(fake, base, { "content-type": "application/json", "x-api-key": "k" })
    expect(noVersion.status).toBe(400)
    expect(await noVersion.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } })
    expect((await post(fake, base, { "content-type": "application/json", "anthropic-version": "2023-06-01" })).status).toBe(401)
    expect((await post(fake, { ...base, max_tokens: undefined })).status).toBe(400)
    expect((await post(fake, { ...base, messages: [{ role: "user", content: "a" }, { role: "user", content: "b" }] })).status).toBe(400)
    const unanswered = {
      ...base,
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }] },
        { role: "user", content: [{ type: "text", text: "no result" }] }
      ]
    }
    const refused = await post(fake, unanswered)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain("without tool_result")
  })

  it("matchers read a Messages request as chat messages: system, tool results", async () => {
    fake = await startFakeModel({
      rules: [
        { name: "after-tool", match: hasToolResult("RESULT_X"), reply: reply("b") },
        { name: "system", match: systemContains("SYS_MARK"), reply: reply("a") }
      ]
    })
    await post(fake, { ...base, system: [{ type: "text", text: "SYS_MARK" }] })
    await post(fake, {
      ...base,
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: [{ type: "text", text: "calling" }, { type: "tool_use", id: "t1", name: "Bash", input: { command: "x" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "RESULT_X" }, { type: "text", text: "more" }] }
      ]
    })
    expect(fake.requests.map((r) => r.rule)).toEqual(["system", "after-tool"])
    expect(fake.requests[1]!.chat.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"])
  })

  it("error replies carry the API's error body; native events are sent as written; a hang-up keeps its place", async () => {
    fake = await startFakeModel({
      rules: [
        { name: "busy", match: () => true, times: 1, reply: http(429, { error: { message: "slow" } }, { "retry-after": "0" }) },
        { name: "overloaded", match: () => true, times: 1, reply: sse([streamError("overloaded_error", "Overloaded")]) },
        { name: "cut", match: () => true, reply: hangup(1, [text("partial"), text("more")]) }
      ]
    })
    const busy = await post(fake, base)
    expect(busy.status).toBe(429)
    expect(await busy.json()).toEqual({ type: "error", error: { type: "rate_limit_error", message: "slow" } })
    expect(events(await (await post(fake, base)).text())).toEqual([
      { name: "error", data: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }) }
    ])
    const cut = await post(fake, base)
    // Read what arrived before the socket was destroyed.
    const reader = cut.body!.getReader()
    let received = ""
    let broken = false
    try {
      while (true) {
        const part = await reader.read()
        if (part.done) break
        received += new TextDecoder().decode(part.value)
      }
    } catch {
      broken = true
    }
    expect(broken).toBe(true)
    expect(received).toContain("partial")
    expect(received).not.toContain("more")
    expect(received).not.toContain("message_stop")
  })
})
