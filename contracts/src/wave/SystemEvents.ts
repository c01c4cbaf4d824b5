// system/init opens a stream whose agent was created (5.5); system/waiting is the background-wait heartbeat (D7).
import { Type } from "typebox"
import { eventEnvelope, SessionId } from "./Common.js"

export const SystemInit = Type.Object({
  type: Type.Literal("system"),
  subtype: Type.Literal("init"),
  ...eventEnvelope,
  session_id: SessionId,
  model: Type.String(),
  cwd: Type.String(),
  permission_mode: Type.String(),
  tools: Type.Array(Type.String()),
  /** The MCP servers the run was configured with (Claude Code's field): their tools are `mcp__<server>__<tool>`. */
  mcp_servers: Type.Optional(Type.Array(Type.Object({
    name: Type.String(),
    status: Type.Union([Type.Literal("connected"), Type.Literal("failed")])
  }, { additionalProperties: false }))),
  schema_version: Type.Literal(1)
}, { additionalProperties: false, title: "WaveSystemInit" })
export type SystemInit = Type.Static<typeof SystemInit>

export const PendingTask = Type.Object({
  task_id: Type.String(),
  type: Type.String(),
  description: Type.String()
}, { additionalProperties: false })
export type PendingTask = Type.Static<typeof PendingTask>

export const SystemWaiting = Type.Object({
  type: Type.Literal("system"),
  subtype: Type.Literal("waiting"),
  ...eventEnvelope,
  pending: Type.Array(PendingTask)
}, { additionalProperties: false, title: "WaveSystemWaiting" })
export type SystemWaiting = Type.Static<typeof SystemWaiting>
