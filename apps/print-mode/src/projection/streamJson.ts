// The stream-json projection: each agent event becomes one NDJSON line with seq and (once known) session_id.
// Events produced while the agent is being created are held until system/init (5.6a) or, when creation fails,
// written first with no init at all (5.6b).
import type { AgentEvent, CreatedInfo } from "@agent-desktop/agent"
import type { StreamEvent } from "./waveTypes.js"

type Body = Record<string, unknown>

const bodyOf = (event: AgentEvent): Body | undefined => {
  switch (event.type) {
    case "reasoning_delta":
      return { type: "assistant", subtype: "reasoning_delta", message_id: event.message_id, delta: event.delta }
    case "content_delta":
      return { type: "assistant", subtype: "content_delta", message_id: event.message_id, delta: event.delta }
    case "message_discard":
      return { type: "assistant", subtype: "discard", message_id: event.message_id }
    case "message_end":
      return { type: "assistant", subtype: "message_end", message_id: event.message_id, tool_calls: event.tool_calls }
    case "tool_start":
      return { type: "tool", subtype: "start", id: event.id, name: event.name, input: event.input }
    case "tool_end":
      return {
        type: "tool",
        subtype: "end",
        id: event.id,
        name: event.name,
        success: event.success,
        ...(event.error === undefined ? {} : { error: event.error })
      }
    case "error":
      return {
        type: "error",
        message: event.message,
        source: event.source,
        recoverable: event.recoverable,
        ...(event.http_status === undefined ? {} : { http_status: event.http_status })
      }
    case "waiting":
      return { type: "system", subtype: "waiting", pending: event.pending }
    case "usage":
    case "permission_denied":
      // Folded into the result (usage, permission_denials); a denial's tool/end already carries its reason.
      return undefined
  }
}

export class StreamJsonProjection {
  private seq = 0
  private sessionId: string | undefined
  private held: Array<Body> | undefined = []
  private readonly startedTools = new Set<string>()
  private readonly endedTools = new Set<string>()

  constructor(private readonly out: (line: string) => void) {}

  private write(body: Body): void {
    this.seq++
    // Field order: type/subtype, then seq/session_id, then the event's own fields.
    const { type, subtype, ...rest } = body
    const line = {
      type,
      ...(subtype === undefined ? {} : { subtype }),
      seq: this.seq,
      ...(this.sessionId === undefined ? {} : { session_id: this.sessionId }),
      ...rest
    }
    this.out(`${JSON.stringify(line)}\n`)
  }

  /** Deltas are most of a stream: their line is built directly, without intermediate objects. */
  private writeDelta(subtype: "content_delta" | "reasoning_delta", messageId: string, delta: string): void {
    this.seq++
    const session = this.sessionId === undefined ? "" : `,"session_id":${JSON.stringify(this.sessionId)}`
    this.out(
      `{"type":"assistant","subtype":"${subtype}","seq":${this.seq}${session},"message_id":${JSON.stringify(messageId)},"delta":${JSON.stringify(delta)}}\n`
    )
  }

  push(event: AgentEvent): void {
    if ((event.type === "content_delta" || event.type === "reasoning_delta") && this.held === undefined) {
      return this.writeDelta(event.type, event.message_id, event.delta)
    }
    // D10: exactly one tool/start and one tool/end per id; an end without a start gets its start first (X5).
    if (event.type === "tool_start") {
      if (this.startedTools.has(event.id)) return
      this.startedTools.add(event.id)
    }
    if (event.type === "tool_end") {
      if (this.endedTools.has(event.id)) return
      if (!this.startedTools.has(event.id)) this.push({ type: "tool_start", id: event.id, name: event.name, input: {}, parsed: false, compact: "" })
      this.endedTools.add(event.id)
    }
    const body = bodyOf(event)
    if (body === undefined) return
    if (this.held !== undefined) this.held.push(body)
    else this.write(body)
  }

  /** The agent exists: system/init first, then whatever was held. */
  created(info: CreatedInfo, schemaVersion: 1): void {
    this.sessionId = info.sessionId
    const held = this.held ?? []
    this.held = undefined
    this.write({
      type: "system",
      subtype: "init",
      session_id: info.sessionId,
      model: info.model,
      cwd: info.cwd,
      permission_mode: info.permissionMode,
      tools: [...info.tools],
      schema_version: schemaVersion
    } satisfies Omit<Extract<StreamEvent, { subtype: "init" }>, "seq">)
    for (const body of held) this.write(body)
  }

  /** Creation failed: release held events without an init. */
  releaseHeld(): void {
    const held = this.held ?? []
    this.held = undefined
    for (const body of held) this.write(body)
  }

  /** The last line: releases anything still held, then the result built with its own seq. */
  finish<R extends object>(makeResult: (seq: number) => R): R {
    this.releaseHeld()
    this.seq++
    const result = makeResult(this.seq)
    this.out(`${JSON.stringify(result)}\n`)
    return result
  }
}
