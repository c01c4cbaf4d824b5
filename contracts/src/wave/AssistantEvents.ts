// Main-agent text as deltas, never cumulative snapshots (5.7); concatenation per message_id gives the full text.
import { Type } from "typebox"
import { eventEnvelope } from "./Common.js"

export const ReasoningDelta = Type.Object({
  type: Type.Literal("assistant"),
  subtype: Type.Literal("reasoning_delta"),
  ...eventEnvelope,
  message_id: Type.String(),
  delta: Type.String({ minLength: 1 })
}, { additionalProperties: false, title: "WaveReasoningDelta" })
export type ReasoningDelta = Type.Static<typeof ReasoningDelta>

export const ContentDelta = Type.Object({
  type: Type.Literal("assistant"),
  subtype: Type.Literal("content_delta"),
  ...eventEnvelope,
  message_id: Type.String(),
  delta: Type.String({ minLength: 1 })
}, { additionalProperties: false, title: "WaveContentDelta" })
export type ContentDelta = Type.Static<typeof ContentDelta>

/** A half-streamed message was thrown away (the stream broke and the request is retried): roll its deltas back. */
export const MessageDiscard = Type.Object({
  type: Type.Literal("assistant"),
  subtype: Type.Literal("discard"),
  ...eventEnvelope,
  message_id: Type.String()
}, { additionalProperties: false, title: "WaveMessageDiscard" })
export type MessageDiscard = Type.Static<typeof MessageDiscard>

/** A main assistant message is complete (one turn). No text: the deltas already carried it. */
export const MessageEnd = Type.Object({
  type: Type.Literal("assistant"),
  subtype: Type.Literal("message_end"),
  ...eventEnvelope,
  message_id: Type.String(),
  tool_calls: Type.Integer({ minimum: 0, description: "tool calls the message requested" })
}, { additionalProperties: false, title: "WaveMessageEnd" })
export type MessageEnd = Type.Static<typeof MessageEnd>
