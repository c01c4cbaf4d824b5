// Any line of `--output-format stream-json`.
import { Type } from "typebox"
import { ContentDelta, MessageDiscard, MessageEnd, ReasoningDelta } from "./AssistantEvents.js"
import { ErrorEvent } from "./ErrorEvent.js"
import { Result } from "./ResultEvent.js"
import { SystemInit, SystemWaiting } from "./SystemEvents.js"
import { ToolEnd, ToolStart } from "./ToolEvents.js"

export const StreamEvent = Type.Union([
  SystemInit,
  SystemWaiting,
  ReasoningDelta,
  ContentDelta,
  MessageDiscard,
  MessageEnd,
  ToolStart,
  ToolEnd,
  ErrorEvent,
  ...Result.anyOf
], { title: "WaveStreamEvent" })
export type StreamEvent = Type.Static<typeof StreamEvent>
