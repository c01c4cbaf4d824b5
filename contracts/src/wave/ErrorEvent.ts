// An error block (D3): structured in the stream, a plain string in the result's `errors`.
import { Type } from "typebox"
import { eventEnvelope } from "./Common.js"

export const ErrorSource = Type.Union([
  Type.Literal("api"),
  Type.Literal("create"),
  Type.Literal("tool"),
  Type.Literal("hook"),
  Type.Literal("compaction"),
  Type.Literal("signal"),
  Type.Literal("args"),
  Type.Literal("internal")
])
export type ErrorSource = Type.Static<typeof ErrorSource>

export const ErrorEvent = Type.Object({
  type: Type.Literal("error"),
  ...eventEnvelope,
  message: Type.String(),
  source: ErrorSource,
  recoverable: Type.Boolean(),
  http_status: Type.Optional(Type.Integer())
}, { additionalProperties: false, title: "WaveErrorEvent" })
export type ErrorEvent = Type.Static<typeof ErrorEvent>
