import { afterEach, describe, expect, it } from "vitest"
import { finish, garbage, hang, hangup, http, reply, sse, text, toolCall, usage } from "./chunks.js"
import { all, firstUserContains, hasToolResult, not } from "./match.js"
import { type FakeModel, startFakeModel } from "./server.js"

const post = (fake: FakeModel, body: unknown, signal?: AbortSignal) =>
  fetch(`${fake.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-id": "s1" },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal })
  })

const dataLines = (body: string) =>
  body.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6))

let fake: FakeModel | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

describe("fake-model", () => {
  it("matches on content, not order, and records requests", async () => {
    fake = await startFakeModel({
      rules: [
        { name: "sub", match: firstUserContains("SUB_PROMPT"), reply: reply("SUB_SECRET") },
        { name: "wrap", match: hasToolResult(), reply: reply("final") },
        { name: "main", match: not(hasToolResult()), reply: reply("first") }
      ]
    })
    const a = await (await post(fake, { messages: [{ role: "user", content: "hello" }] })).text()
    const b = await (await post(fake, { messages: [{ role: "user", content: "do SUB_PROMPT" }] })).text()
    const c = await (await post(fake, {
      messages: [{ role: "user", content: "x" }, { role: "tool", tool_call_id: "t", content: "r" }]
    })).text()
    expect(a).toContain("\"first\"")
    expect(b).toContain("SUB_SECRET")
    expect(c).toContain("\"final\"")
    expect(fake.requests.map((r) => r.rule)).toEqual(["main", "sub", "wrap"])
    expect(fake.requests[0]?.headers["x-session-id"]).toBe("s1")
  })

  it("streams tool-call fragments, usage and [DONE]", async () => {
    fake = await startFakeModel({
      rules: [{
        match: () => true,
        reply: sse([toolCall({ id: "c1", name: "Agent", args: { prompt: "p" }, fragments: 3 }), finish("tool_calls"),
          usage({ prompt: 5, completion: 2, cached: 3 })])
      }]
    })
    const lines = dataLines(await (await post(fake, {})).text())
    expect(lines[lines.length - 1]).toBe("[DONE]")
    const chunks = lines.slice(0, -1).map((l) => JSON.parse(l))
    expect(chunks[0].choices[0].delta.tool_calls[0]).toMatchObject({ id: "c1", function: { name: "Agent" } })
    const args = chunks.flatMap((c) => c.choices.flatMap((ch: any) => ch.delta.tool_calls ?? []))
      .map((t: any) => t.function.arguments ?? "").join("")
    expect(JSON.parse(args)).toEqual({ prompt: "p" })
    expect(chunks[chunks.length - 1].usage.prompt_tokens_details.cached_tokens).toBe(3)
  })

  it("answers HTTP errors with headers and limits a rule with times", async () => {
    fake = await startFakeModel({
      rules: [
        { match: () => true, times: 1, reply: http(429, { error: { message: "slow down" } }, { "retry-after": "0" }) },
        { match: () => true, reply: reply("ok") }
      ]
    })
    const first = await post(fake, {})
    expect(first.status).toBe(429)
    expect(first.headers.get("retry-after")).toBe("0")
    await first.text()
    expect((await post(fake, {})).status).toBe(200)
  })

  it("hangs up mid-stream and sends malformed lines", async () => {
    fake = await startFakeModel({
      rules: [
        { match: all(firstUserContains("bad")), reply: sse([garbage(), text("after")]) },
        { match: () => true, reply: hangup(1, [text("a"), text("b")]) }
      ]
    })
    const bad = dataLines(await (await post(fake, { messages: [{ role: "user", content: "bad" }] })).text())
    expect(bad[0]).toBe("{not json")
    const response = await post(fake, {})
    await expect(response.text()).rejects.toThrow()
  })

  it("replies 400 to unscripted requests and can hang until aborted", async () => {
    fake = await startFakeModel({ rules: [{ match: firstUserContains("hang"), reply: hang() }] })
    expect((await post(fake, {})).status).toBe(400)
    const controller = new AbortController()
    const pending = post(fake, { messages: [{ role: "user", content: "hang" }] }, controller.signal)
    await fake.waitForRequest((r) => r.rule !== undefined)
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})
