// The stream-json projection as a fold: an immutable record and pure steps, each answering the next record and the
// lines it writes. Each agent event becomes one NDJSON line with seq and (once known) session_id. Events produced
// while the agent is being created are held until system/init (5.6a) or, when creation fails, written first with no
// init at all (5.6b). Effect-free: the start-up fast path writes system/init with it before the runtime loads.
import type { AgentEvent, CreatedInfo } from "@agent-desktop/agent"
import { type Body, bodyOf } from "./streamJsonBody.js"
import { deltaLine, lineOf } from "./streamJsonLine.js"
import type { StreamEvent } from "./waveTypes.js"

export interface StreamState {
  /** The seq of the last line written. */
  readonly seq: number
  readonly sessionId: string | undefined
  /** Bodies produced while the agent is being created; undefined once released. */
  readonly held: ReadonlyArray<Body> | undefined
  readonly startedTools: ReadonlySet<string>
  readonly endedTools: ReadonlySet<string>
}

/** The next record and the lines this step writes, in order. */
export type StreamStep = readonly [StreamState, ReadonlyArray<string>]

export const emptyStream: StreamState = {
  seq: 0,
  sessionId: undefined,
  held: [],
  startedTools: new Set(),
  endedTools: new Set()
}

const withId = (ids: ReadonlySet<string>, id: string): ReadonlySet<string> => new Set(ids).add(id)

const written = (state: StreamState, bodies: ReadonlyArray<Body>): StreamStep => [
  { ...state, seq: state.seq + bodies.length },
  bodies.map((body, index) => lineOf(body, state.seq + index + 1, state.sessionId))
]

const placed = (state: StreamState, body: Body | undefined): StreamStep => {
  if (body === undefined) return [state, []]
  if (state.held !== undefined) return [{ ...state, held: [...state.held, body] }, []]
  return written(state, [body])
}

export const streamStep = (state: StreamState, event: AgentEvent): StreamStep => {
  switch (event.type) {
    case "content_delta":
    case "reasoning_delta": {
      if (state.held !== undefined) return placed(state, bodyOf(event))
      // Deltas are most of a stream: the next record is written out rather than spread.
      const seq = state.seq + 1
      const next: StreamState = {
        seq,
        sessionId: state.sessionId,
        held: state.held,
        startedTools: state.startedTools,
        endedTools: state.endedTools
      }
      return [next, [deltaLine(event.type, event.message_id, event.delta, seq, state.sessionId)]]
    }
    // D10: exactly one tool/start and one tool/end per id; an end without a start gets its start first (X5).
    case "tool_start":
      if (state.startedTools.has(event.id)) return [state, []]
      return placed({ ...state, startedTools: withId(state.startedTools, event.id) }, bodyOf(event))
    case "tool_end": {
      if (state.endedTools.has(event.id)) return [state, []]
      const [started, startLines] = state.startedTools.has(event.id)
        ? [state, []]
        : streamStep(state, { type: "tool_start", id: event.id, name: event.name, input: {}, parsed: false, compact: "" })
      const [ended, endLines] = placed({ ...started, endedTools: withId(started.endedTools, event.id) }, bodyOf(event))
      return [ended, [...startLines, ...endLines]]
    }
    default:
      return placed(state, bodyOf(event))
  }
}

/** The agent exists: system/init first, then whatever was held. */
export const streamCreated = (state: StreamState, info: CreatedInfo, schemaVersion: 1): StreamStep => {
  const init = {
    type: "system",
    subtype: "init",
    session_id: info.sessionId,
    model: info.model,
    cwd: info.cwd,
    permission_mode: info.permissionMode,
    tools: [...info.tools],
    mcp_servers: info.mcpServers.map(({ name, status }) => ({ name, status })),
    schema_version: schemaVersion
  } satisfies Omit<Extract<StreamEvent, { subtype: "init" }>, "seq">
  return written({ ...state, sessionId: info.sessionId, held: undefined }, [init, ...(state.held ?? [])])
}

/** Creation failed (or the run ended before it): release held events without an init. */
export const streamReleased = (state: StreamState): StreamStep =>
  written({ ...state, held: undefined }, state.held ?? [])

/** The last line: releases anything still held, then the result built with its own seq. */
export const streamFinish = <R extends object>(
  state: StreamState,
  makeResult: (seq: number) => R
): { readonly state: StreamState; readonly lines: ReadonlyArray<string>; readonly result: R } => {
  const [released, lines] = streamReleased(state)
  const seq = released.seq + 1
  const result = makeResult(seq)
  return { state: { ...released, seq }, lines: [...lines, `${JSON.stringify(result)}\n`], result }
}
