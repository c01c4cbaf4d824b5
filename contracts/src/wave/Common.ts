// Fields every wave stream event carries (D1): a per-stream sequence number and, once known, the session id.
import { Type } from "typebox"

export const Seq = Type.Integer({ minimum: 1, description: "1, 2, 3, … per stream" })
export const SessionId = Type.String({ minLength: 1 })

/** Properties shared by all events; spread into each event's object schema. */
export const eventEnvelope = {
  seq: Seq,
  session_id: Type.Optional(SessionId)
}
