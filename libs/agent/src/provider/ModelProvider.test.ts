import { finish, garbage, hangup, http, match, pause, reply, sse, startFakeModel, text, usage, type FakeModel } from "@agent-desktop/fake-model"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ModelConfig, type ModelSettings } from "../config/ModelConfig.js"
import { ModelProvider } from "./ModelProvider.js"

const settings = (url: string, overrides: Partial<ModelSettings> = {}): ModelSettings => ({
  provider: "openai",
  baseUrl: url,
  apiKey: "k",
  model: "main-m",
  maxRetries: 3,
  retryBaseMs: 5,
  requestTimeoutMs: 10_000,
  retryBudgetMs: 60_000,
  maxOutputTokens: undefined,
  ...overrides
})

const complete = (fake: FakeModel, overrides: Partial<ModelSettings> = {}) => {
  const deltas: Array<string> = []
  return Effect.gen(function*() {
    const provider = yield* ModelProvider
    const result = yield* provider.complete({
      model: "main-m",
      messages: [{ role: "user", content: "hi" }],
      tools: [],
      sessionId: "s-1"
    }, {
      onContent: (d) => deltas.push(d),
      onReasoning: (d) => deltas.push(`r:${d}`),
      onDiscard: () => deltas.push("DISCARD")
    }).pipe(Effect.result)
    return { result, deltas }
  }).pipe(Effect.provide(ModelProvider.layer.pipe(Layer.provide(ModelConfig.layer(settings(fake.url, overrides))))))
}

const withFake = <A, E>(rules: Parameters<typeof startFakeModel>[0]["rules"], body: (fake: FakeModel) => Effect.Effect<A, E>) =>
  Effect.acquireUseRelease(Effect.promise(() => startFakeModel({ rules })), body, (fake) => Effect.promise(() => fake.close()))

describe("ModelProvider over real HTTP", () => {
  it.live("sends stream_options.include_usage, auth and session headers; maps usage with cache reads", () =>
    withFake([{ match: match.always, reply: sse([text("Hel"), text("lo"), finish("stop"), usage({ prompt: 9, completion: 2, cached: 4 })]) }], (fake) =>
      Effect.gen(function*() {
        const { result, deltas } = yield* complete(fake)
        assert.strictEqual(result._tag, "Success")
        if (result._tag !== "Success") return
        assert.strictEqual(result.success.content, "Hello")
        assert.deepStrictEqual(deltas, ["Hel", "lo"])
        assert.deepStrictEqual(result.success.usage, { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11, cache_read_input_tokens: 4 })
        const request = fake.requests[0]!
        assert.deepStrictEqual(request.body["stream_options"], { include_usage: true })
        assert.strictEqual(request.headers["authorization"], "Bearer k")
        assert.strictEqual(request.headers["x-session-id"], "s-1")
      })))

  // The same scripts against both APIs: the fake answers a Messages request with the script translated.
  for (const provider of ["openai", "anthropic"] as const) {
    describe(provider, () => {
      it.live("retries 429 honouring Retry-After, then succeeds", () =>
        withFake([
          { match: match.always, times: 2, reply: http(429, { error: { message: "slow" } }, { "retry-after": "0" }) },
          { match: match.always, reply: reply("ok") }
        ], (fake) =>
          Effect.gen(function*() {
            const { result } = yield* complete(fake, { provider, retryBaseMs: 60_000 })
            assert.strictEqual(result._tag, "Success")
            assert.strictEqual(fake.requests.length, 3)
          })))

      it.live("does not retry a 401 and reports the server's message", () =>
        withFake([{ match: match.always, reply: http(401, { error: { message: "bad key" } }) }], (fake) =>
          Effect.gen(function*() {
            const { result } = yield* complete(fake, { provider })
            assert.strictEqual(result._tag, "Failure")
            if (result._tag !== "Failure") return
            assert.strictEqual(result.failure._tag, "ModelHttpError")
            assert.include(result.failure.message, "HTTP 401: bad key")
            assert.strictEqual(fake.requests.length, 1)
          })))

      it.live("a hang-up mid-stream discards the partial message and retries", () =>
        withFake([
          { match: match.always, times: 1, reply: hangup(1, [text("partial"), text("more")]) },
          { match: match.always, reply: reply("whole") }
        ], (fake) =>
          Effect.gen(function*() {
            const { result, deltas } = yield* complete(fake, { provider })
            assert.strictEqual(result._tag, "Success")
            assert.deepStrictEqual(deltas, ["partial", "DISCARD", "whole"])
          })))

      it.live("500 retried until the budget runs out; unreachable server is an error, not a hang", () =>
        Effect.gen(function*() {
          const five = yield* withFake([{ match: match.always, reply: http(500, "boom") }], (fake) =>
            complete(fake, { provider, maxRetries: 2 }).pipe(Effect.map(({ result }) => ({ result, count: fake.requests.length }))))
          assert.strictEqual(five.result._tag, "Failure")
          assert.strictEqual(five.count, 3)
          const down = yield* complete({ url: "http://127.0.0.1:9/v1" } as FakeModel, { provider, maxRetries: 1 })
          assert.strictEqual(down.result._tag, "Failure")
          if (down.result._tag === "Failure") assert.strictEqual(down.result.failure._tag, "ModelNetworkError")
        }))
    })
  }

  it.live("a stream of only malformed lines then [DONE] is a protocol error, not an empty success", () =>
    withFake([{ match: match.always, reply: sse([garbage(), garbage("data that is not json")]) }], (fake) =>
      Effect.gen(function*() {
        const { result } = yield* complete(fake, { maxRetries: 0 })
        assert.strictEqual(result._tag, "Failure")
        if (result._tag === "Failure") {
          assert.strictEqual(result.failure._tag, "ModelProtocolError")
          assert.include(result.failure.message, "without any valid chunk")
        }
      })))

  it.live("a server that stops sending mid-stream is cut off after the idle timeout, and the retry budget bounds the retries", () =>
    withFake([{ match: match.always, reply: sse([text("par"), pause(60_000), text("tial"), finish("stop")]) }], (fake) =>
      Effect.gen(function*() {
        // 100 retries allowed, but a spent budget starts no new attempt.
        const { result } = yield* complete(fake, { maxRetries: 100, requestTimeoutMs: 200, retryBudgetMs: 0 })
        assert.strictEqual(result._tag, "Failure")
        if (result._tag === "Failure") assert.strictEqual(result.failure._tag, "ModelNetworkError")
        assert.strictEqual(fake.requests.length, 1)
      })))
})
