// One stream-json line. Field order: type/subtype, then seq/session_id, then the event's own fields.
import type { Body } from "./streamJsonBody.js"

export const lineOf = (body: Body, seq: number, sessionId: string | undefined): string => {
  const { type, subtype, ...rest } = body
  const line = {
    type,
    ...(subtype === undefined ? {} : { subtype }),
    seq,
    ...(sessionId === undefined ? {} : { session_id: sessionId }),
    ...rest
  }
  return `${JSON.stringify(line)}\n`
}

/** Deltas are most of a stream: their line is built directly, without intermediate objects. */
export const deltaLine = (
  subtype: "content_delta" | "reasoning_delta",
  messageId: string,
  delta: string,
  seq: number,
  sessionId: string | undefined
): string => {
  const session = sessionId === undefined ? "" : `,"session_id":${JSON.stringify(sessionId)}`
  return `{"type":"assistant","subtype":"${subtype}","seq":${seq}${session},"message_id":${JSON.stringify(messageId)},"delta":${JSON.stringify(delta)}}\n`
}
