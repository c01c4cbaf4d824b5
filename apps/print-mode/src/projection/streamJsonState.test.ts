import type { AgentEvent, CreatedInfo } from "@agent-desktop/agent"
import { describe, expect, it } from "vitest"
import { emptyStream, streamCreated, streamFinish, streamReleased, type StreamState, type StreamStep, streamStep } from "./streamJsonState.js"

/** Feeds events in order; answers the last record and every line written, parsed. */
const feed = (state: StreamState, events: ReadonlyArray<AgentEvent>): StreamStep =>
  events.reduce<StreamStep>(([current, lines], event) => {
    const [next, more] = streamStep(current, event)
    return [next, [...lines, ...more]]
  }, [state, []])

const parsed = (lines: ReadonlyArray<string>) => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

const info: CreatedInfo = { sessionId: "s1", model: "m", cwd: "/w", permissionMode: "default", tools: ["Bash"], restored: false, mcpServers: [] }

describe("streamJsonState", () => {
  it("holds events until system/init, then numbers init and the held lines from 1, with the session id", () => {
    const [held, early] = feed(emptyStream, [
      { type: "error", message: "hook failed", source: "hook", recoverable: true },
      { type: "content_delta", message_id: "x", delta: "early" }
    ])
    expect(early).toEqual([])
    const [created, initLines] = streamCreated(held, info, 1)
    expect(initLines).toEqual([
      '{"type":"system","subtype":"init","seq":1,"session_id":"s1","model":"m","cwd":"/w","permission_mode":"default","tools":["Bash"],"mcp_servers":[],"schema_version":1}\n',
      '{"type":"error","seq":2,"session_id":"s1","message":"hook failed","source":"hook","recoverable":true}\n',
      '{"type":"assistant","subtype":"content_delta","seq":3,"session_id":"s1","message_id":"x","delta":"early"}\n'
    ])
    const [, after] = feed(created, [
      { type: "reasoning_delta", message_id: "m1", delta: "hmm \"q\"" },
      { type: "content_delta", message_id: "m1", delta: "hi" },
      { type: "usage", model: "m", source: "main", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
      { type: "message_end", message_id: "m1", content: "hi", tool_calls: 0 }
    ])
    expect(after).toEqual([
      '{"type":"assistant","subtype":"reasoning_delta","seq":4,"session_id":"s1","message_id":"m1","delta":"hmm \\"q\\""}\n',
      '{"type":"assistant","subtype":"content_delta","seq":5,"session_id":"s1","message_id":"m1","delta":"hi"}\n',
      '{"type":"assistant","subtype":"message_end","seq":6,"session_id":"s1","message_id":"m1","tool_calls":0}\n'
    ])
  })

  it("creation failed: held lines are released without init or session id, and the result takes the next seq", () => {
    const [held] = feed(emptyStream, [{ type: "error", message: "no key", source: "create", recoverable: false }])
    const { lines, result, state } = streamFinish(held, (seq) => ({ type: "result", seq }))
    expect(lines).toEqual([
      '{"type":"error","seq":1,"message":"no key","source":"create","recoverable":false}\n',
      '{"type":"result","seq":2}\n'
    ])
    expect(result).toEqual({ type: "result", seq: 2 })
    expect(state.seq).toBe(2)
    expect(streamReleased(state)).toEqual([state, []])
  })

  it("one tool/start and one tool/end per id; an end without a start gets its start first", () => {
    const [created] = streamCreated(emptyStream, info, 1)
    const [, lines] = feed(created, [
      { type: "tool_start", id: "a", name: "Bash", input: { command: "ls" }, parsed: true, compact: "ls" },
      { type: "tool_start", id: "a", name: "Bash", input: { command: "ls" }, parsed: true, compact: "ls" },
      { type: "tool_end", id: "a", name: "Bash", success: true },
      { type: "tool_end", id: "a", name: "Bash", success: false, error: "again" },
      { type: "tool_end", id: "b", name: "Agent", success: false, error: "bad arguments" },
      { type: "waiting", pending: [] }
    ])
    expect(parsed(lines)).toEqual([
      { type: "tool", subtype: "start", seq: 2, session_id: "s1", id: "a", name: "Bash", input: { command: "ls" } },
      { type: "tool", subtype: "end", seq: 3, session_id: "s1", id: "a", name: "Bash", success: true },
      { type: "tool", subtype: "start", seq: 4, session_id: "s1", id: "b", name: "Agent", input: {} },
      { type: "tool", subtype: "end", seq: 5, session_id: "s1", id: "b", name: "Agent", success: false, error: "bad arguments" },
      { type: "system", subtype: "waiting", seq: 6, session_id: "s1", pending: [] }
    ])
  })

  it("a step never changes the record it was given", () => {
    streamStep(emptyStream, { type: "tool_start", id: "a", name: "Bash", input: {}, parsed: true, compact: "" })
    streamCreated(emptyStream, info, 1)
    expect(emptyStream).toEqual({ seq: 0, sessionId: undefined, held: [], startedTools: new Set(), endedTools: new Set() })
  })
})
