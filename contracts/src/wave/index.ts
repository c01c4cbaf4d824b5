// wave's published output contract (schema_version 1). The generator writes contracts/schemas/wave/<name>.schema.json
// for every entry of WaveSchemas.
import { ContentDelta, MessageDiscard, MessageEnd, ReasoningDelta } from "./AssistantEvents.js"
import { ErrorEvent } from "./ErrorEvent.js"
import { ErrorResult, MaxTurnsResult, Result, SuccessResult } from "./ResultEvent.js"
import { StreamEvent } from "./StreamEvent.js"
import { SystemInit, SystemWaiting } from "./SystemEvents.js"
import { ToolEnd, ToolStart } from "./ToolEvents.js"

export * from "./AssistantEvents.js"
export * from "./Common.js"
export * from "./ErrorEvent.js"
export * from "./ResultEvent.js"
export * from "./StreamEvent.js"
export * from "./SystemEvents.js"
export * from "./ToolCall.js"
export * from "./ToolEvents.js"
export * from "./Usage.js"

export const WAVE_SCHEMA_VERSION = 1 as const

export const WaveSchemas = {
  "result": Result,
  "stream-event": StreamEvent,
  "system-init": SystemInit,
  "system-waiting": SystemWaiting,
  "assistant-reasoning-delta": ReasoningDelta,
  "assistant-content-delta": ContentDelta,
  "assistant-discard": MessageDiscard,
  "assistant-message-end": MessageEnd,
  "tool-start": ToolStart,
  "tool-end": ToolEnd,
  "error": ErrorEvent,
  "result-success": SuccessResult,
  "result-error": ErrorResult,
  "result-max-turns": MaxTurnsResult
} as const
