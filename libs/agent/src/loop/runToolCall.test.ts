import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Tool } from "../tools/Tool.js"
import type { AgentEvent } from "./AgentEvent.js"
import { parseArgs, runToolCall } from "./runToolCall.js"

const echo: Tool = {
  name: "echo",
  description: "echoes",
  parameters: {},
  run: (input, context) => Effect.succeed({ output: `${JSON.stringify(input)} main=${context.isMain}`, success: true })
}
const crashing: Tool = { ...echo, name: "crash", run: () => Effect.die(new Error("kaboom")) }

describe("runToolCall", () => {
  it("parseArgs: empty text is no arguments; text that is not JSON is kept raw (E9)", () => {
    assert.deepStrictEqual(parseArgs("  "), { input: {}, parsed: true })
    assert.deepStrictEqual(parseArgs("{\"a\":1}"), { input: { a: 1 }, parsed: true })
    assert.deepStrictEqual(parseArgs("{oops"), { input: "{oops", parsed: false })
  })

  it.effect("runs the named tool between tool_start and tool_end", () =>
    Effect.gen(function*() {
      const events: Array<AgentEvent> = []
      const context = { tools: [echo], emit: (e: AgentEvent) => events.push(e), isMain: true }
      const outcome = yield* runToolCall(context, { id: "c1", name: "echo", arguments: "{\"text\":\"hi\"}" })
      assert.deepStrictEqual(outcome, { output: "{\"text\":\"hi\"} main=true", success: true })
      assert.deepStrictEqual(events, [
        { type: "tool_start", id: "c1", name: "echo", input: { text: "hi" }, parsed: true, compact: "hi" },
        { type: "tool_end", id: "c1", name: "echo", success: true }
      ])
    }))

  it.effect("an unknown tool, unparsable arguments and a crash are failed outcomes, not failed effects", () =>
    Effect.gen(function*() {
      const events: Array<AgentEvent> = []
      const context = { tools: [echo, crashing], emit: (e: AgentEvent) => events.push(e), isMain: false }
      const unknown = yield* runToolCall(context, { id: "1", name: "nope", arguments: "{}" })
      const unparsed = yield* runToolCall(context, { id: "2", name: "echo", arguments: "{oops" })
      const crashed = yield* runToolCall(context, { id: "3", name: "crash", arguments: "{}" })
      assert.strictEqual(unknown.error, "Unknown tool \"nope\"")
      assert.strictEqual(unparsed.error, "Tool arguments are not valid JSON: {oops")
      assert.include(crashed.error, "Tool crashed")
      assert.deepStrictEqual(events.filter((e) => e.type === "tool_end").map((e) => e.type === "tool_end" && e.success), [false, false, false])
      assert.deepStrictEqual(events[2], { type: "tool_start", id: "2", name: "echo", input: "{oops", parsed: false, compact: "" })
    }))
})
