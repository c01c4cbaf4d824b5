// The Messages API provider over real HTTP against the fake's Messages endpoint, which refuses what the real API
// refuses (roles, tool_use/tool_result pairing, headers, max_tokens), so a conversion mistake fails here.
import { anthropic, finish, garbage, http, match, reasoning, reply, sse, startFakeModel, text, toolCall, usage, type FakeModel } from "@agent-desktop/fake-model"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ModelConfig, type ModelSettings } from "../../config/ModelConfig.js"
import type { ChatMessage, CompletionRequest } from "../ChatTypes.js"
import { ModelProvider } from "../ModelProvider.js"

const settings = (fake: FakeModel, overrides: Partial<ModelSettings> = {}): ModelSettings => ({
  provider: "anthropic",
  baseUrl: fake.origin,
  apiKey: "ak",
  model: "claude-x",
  maxRetries: 3,
  retryBaseMs: 5,
  requestTimeoutMs: 10_000,
  retryBudgetMs: 60_000,
  maxOutputTokens: undefined,
  ...overrides
})

const conversation: ReadonlyArray<ChatMessage> = [
  { role: "system", content: "SYSTEM_TEXT" },
  { role: "user", content: "take a snapshot" },
  {
    role: "assistant",
    content: "Looking.",
    reasoning_content: "hidden",
    tool_calls: [
      { id: "tu_1", type: "function", function: { name: "snapshot", arguments: "{\"app\":\"calc\"}" } },
      { id: "tu_2", type: "function", function: { name: "Bash", arguments: "{not json" } }
    ]
  },
  { role: "tool", tool_call_id: "tu_1", content: "{\"ok\":true}" },
  { role: "tool", tool_call_id: "tu_2", content: "Error: bad arguments" },
  { role: "user", content: "<task-notification>done</task-notification>" },
  { role: "assistant", content: null, tool_calls: [{ id: "tu_3", type: "function", function: { name: "Agent", arguments: "" } }] },
  { role: "tool", tool_call_id: "tu_3", content: "" }
]

const request = (messages: ReadonlyArray<ChatMessage> = conversation): CompletionRequest => ({
  model: "claude-x",
  messages,
  tools: [
    { type: "function", function: { name: "snapshot", description: "read", parameters: { type: "object", properties: {} } } },
    { type: "function", function: { name: "Bash", description: "run", parameters: { type: "object", properties: { command: { type: "string" } } } } }
  ],
  sessionId: "s-1"
})

const complete = (fake: FakeModel, overrides: Partial<ModelSettings> = {}, req: CompletionRequest = request()) => {
  const deltas: Array<string> = []
  return Effect.gen(function*() {
    const provider = yield* ModelProvider
    const result = yield* provider.complete(req, {
      onContent: (d) => deltas.push(d),
      onReasoning: (d) => deltas.push(`r:${d}`),
      onDiscard: () => deltas.push("DISCARD")
    }).pipe(Effect.result)
    return { result, deltas }
  }).pipe(Effect.provide(ModelProvider.layer.pipe(Layer.provide(ModelConfig.layer(settings(fake, overrides))))))
}

const withFake = <A, E>(rules: Parameters<typeof startFakeModel>[0]["rules"], body: (fake: FakeModel) => Effect.Effect<A, E>) =>
  Effect.acquireUseRelease(Effect.promise(() => startFakeModel({ rules })), body, (fake) => Effect.promise(() => fake.close()))

describe("Anthropic Messages provider", () => {
  it.live("sends the conversation the API accepts: system, tool_use/tool_result pairs, merged user turns, headers", () =>
    withFake([{ match: match.hasToolResult("{\"ok\":true}"), reply: reply("fine") }], (fake) =>
      Effect.gen(function*() {
        const { result } = yield* complete(fake)
        assert.strictEqual(result._tag, "Success", JSON.stringify(result))
        const sent = fake.requests[0]!
        assert.strictEqual(sent.path, "/v1/messages")
        assert.strictEqual(sent.headers["x-api-key"], "ak")
        assert.strictEqual(sent.headers["anthropic-version"], "2023-06-01")
        assert.isUndefined(sent.headers["authorization"])
        const body = sent.body as Record<string, any>
        assert.strictEqual(body["max_tokens"], 8192)
        assert.strictEqual(body["stream"], true)
        assert.deepStrictEqual(body["system"], [{ type: "text", text: "SYSTEM_TEXT", cache_control: { type: "ephemeral" } }])
        assert.deepStrictEqual(body["tools"][1], {
          name: "Bash",
          description: "run",
          input_schema: { type: "object", properties: { command: { type: "string" } } },
          cache_control: { type: "ephemeral" }
        })
        assert.deepStrictEqual(body["messages"].map((m: { role: string }) => m.role), ["user", "assistant", "user", "assistant", "user"])
        assert.deepStrictEqual(body["messages"][1].content, [
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "tu_1", name: "snapshot", input: { app: "calc" } },
          { type: "tool_use", id: "tu_2", name: "Bash", input: {} }
        ])
        assert.deepStrictEqual(body["messages"][2].content.map((b: { type: string }) => b.type), ["tool_result", "tool_result", "text"])
        assert.deepStrictEqual(body["messages"][3].content, [{ type: "tool_use", id: "tu_3", name: "Agent", input: {} }])
        assert.deepStrictEqual(body["messages"][4].content, [{ type: "tool_result", tool_use_id: "tu_3", content: "(empty)" }])
      })))

  it.live("folds text, thinking and tool_use blocks; maps the stop reason and usage (prompt = input + cache)", () =>
    withFake([{
      match: match.always,
      reply: sse([reasoning("plan", { chunkSize: 2 }), text("Hi"), toolCall({ id: "tu_9", name: "Bash", args: { command: "ls" }, fragments: 3 }),
        finish("tool_calls"), usage({ prompt: 100, completion: 12, cached: 60, cacheCreation: 10 })])
    }], (fake) =>
      Effect.gen(function*() {
        const { result, deltas } = yield* complete(fake, {}, request([{ role: "user", content: "go" }]))
        assert.strictEqual(result._tag, "Success")
        if (result._tag !== "Success") return
        assert.deepStrictEqual(deltas, ["r:pl", "r:an", "Hi"])
        assert.strictEqual(result.success.content, "Hi")
        assert.strictEqual(result.success.reasoning, "plan")
        assert.deepStrictEqual(result.success.toolCalls, [{ id: "tu_9", name: "Bash", arguments: "{\"command\":\"ls\"}" }])
        assert.strictEqual(result.success.finishReason, "tool_calls")
        assert.deepStrictEqual(result.success.usage, {
          prompt_tokens: 100,
          completion_tokens: 12,
          total_tokens: 112,
          cache_read_input_tokens: 60,
          cache_creation_input_tokens: 10
        })
      })))

  it.live("an overloaded error event mid-stream is retried (the partial message discarded); 529 is retried", () =>
    withFake([
      { match: match.always, times: 1, reply: sse([anthropic.messageStart(), anthropic.anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }), anthropic.anthropicEvent("content_block_delta", { index: 0, delta: { type: "text_delta", text: "half" } }), anthropic.streamError("overloaded_error", "Overloaded")]) },
      { match: match.always, times: 1, reply: http(529, { error: { message: "Overloaded" } }) },
      { match: match.always, reply: reply("whole") }
    ], (fake) =>
      Effect.gen(function*() {
        const failures: Array<string> = []
        const { result, deltas } = yield* complete(fake, {}, { ...request([{ role: "user", content: "go" }]), onAttemptFailed: (m) => failures.push(m) })
        assert.strictEqual(result._tag, "Success")
        assert.deepStrictEqual(deltas, ["half", "DISCARD", "whole"])
        assert.strictEqual(fake.requests.length, 3)
        assert.match(failures[0]!, /HTTP 529: overloaded_error: Overloaded \(retryable\)/)
        assert.match(failures[1]!, /HTTP 529: Overloaded \(retryable\)/)
      })))

  it.live("400 is not retried; x-should-retry: false stops a 500 from being retried; a cut stream is retried", () =>
    Effect.gen(function*() {
      const invalid = yield* withFake([{ match: match.always, reply: http(400, { error: { message: "prompt is too long" } }) }], (fake) =>
        complete(fake, {}, request([{ role: "user", content: "go" }])).pipe(Effect.map(({ result }) => ({ result, count: fake.requests.length }))))
      assert.strictEqual(invalid.result._tag, "Failure")
      assert.strictEqual(invalid.count, 1)
      if (invalid.result._tag === "Failure") assert.include(invalid.result.failure.message, "prompt is too long")
      const told = yield* withFake([{ match: match.always, reply: http(500, { error: { message: "x" } }, { "x-should-retry": "false" }) }], (fake) =>
        complete(fake, {}, request([{ role: "user", content: "go" }])).pipe(Effect.map(({ result }) => ({ result, count: fake.requests.length }))))
      assert.strictEqual(told.count, 1)
      const cut = yield* withFake([
        { match: match.always, times: 1, reply: sse([anthropic.messageStart(), garbage("{\"type\":\"ping\"}")]) },
        { match: match.always, reply: reply("after the cut") }
      ], (fake) => complete(fake, {}, request([{ role: "user", content: "go" }])).pipe(Effect.map(({ result }) => ({ result, count: fake.requests.length }))))
      assert.strictEqual(cut.result._tag, "Success")
      assert.strictEqual(cut.count, 2)
    }))

  it.live("ANTHROPIC_AUTH_TOKEN goes as a bearer token; a base URL ending in /v1 gets /messages", () =>
    withFake([{ match: match.always, reply: reply("ok") }], (fake) =>
      Effect.gen(function*() {
        const { result } = yield* complete(fake, { apiKey: undefined, authToken: "tok", baseUrl: fake.url }, request([{ role: "user", content: "go" }]))
        assert.strictEqual(result._tag, "Success")
        assert.strictEqual(fake.requests[0]!.path, "/v1/messages")
        assert.strictEqual(fake.requests[0]!.headers["authorization"], "Bearer tok")
        assert.isUndefined(fake.requests[0]!.headers["x-api-key"])
      })))
})
