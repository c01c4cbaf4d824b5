import Type from "typebox"

const trace = Type.Enum(["on", "off"])
const artifacts = Type.Enum(["full", "events"])
const epochMs = Type.Integer({ minimum: 0 })

export const SessionStartData = Type.Object({
  session_id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  trace,
  artifacts,
  created_at: epochMs
})
export const SessionEndData = Type.Object({ session_id: Type.String(), ended_at: epochMs })
export const SessionInfo = Type.Object({
  session_id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  created_at: epochMs,
  ended_at: Type.Union([epochMs, Type.Null()]),
  trace,
  artifacts
})
export const SessionListData = Type.Object({ sessions: Type.Array(SessionInfo) })
export const SessionGcData = Type.Object({ removed: Type.Array(Type.String()) })

/** `session start | end | list | gc` share the command name `session`. */
export const SessionData = Type.Union([SessionStartData, SessionEndData, SessionListData, SessionGcData])
export type SessionData = Type.Static<typeof SessionData>

export type SessionStartData = Type.Static<typeof SessionStartData>
export type SessionEndData = Type.Static<typeof SessionEndData>
export type SessionInfo = Type.Static<typeof SessionInfo>
export type SessionListData = Type.Static<typeof SessionListData>
export type SessionGcData = Type.Static<typeof SessionGcData>
