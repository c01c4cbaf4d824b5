import { redact } from "@agent-desktop/domain"
import * as fs from "node:fs"
import * as path from "node:path"
import { ENGINE_VERSION } from "../commands/version.js"
import type { InvocationEvent } from "../Invocation.js"

export const TRACE_SCHEMA = 1

/** Make sure the file can be appended to (creating it 0600 with its meta line); throws when it cannot. */
export const openTraceFile = (file: string, sessionId: string | undefined): void => {
  const resolved = path.resolve(file)
  fs.mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o700 })
  if (fs.existsSync(resolved)) {
    if (fs.lstatSync(resolved).isSymbolicLink()) throw new Error(`${resolved} is a symlink; refusing to write through it`)
    fs.accessSync(resolved, fs.constants.W_OK)
    return
  }
  const meta = { event: "trace.meta", ts_ms: Date.now(), schema: TRACE_SCHEMA, version: ENGINE_VERSION, os: process.platform, pid: process.pid, session_id: sessionId ?? null }
  fs.writeFileSync(resolved, JSON.stringify(meta) + "\n", { mode: 0o600, flag: "a" })
}

/** Append an invocation's events, redacted, one JSON object per line. */
export const appendTraceFile = (file: string, invocationId: string, events: ReadonlyArray<InvocationEvent>): void => {
  const lines = events.map((event, seq) =>
    JSON.stringify({ event: event.type, ts_ms: event.ts_ms, seq: seq + 1, invocation: invocationId, ...(redact(event.payload) as object) })
  )
  fs.appendFileSync(path.resolve(file), lines.join("\n") + "\n", { mode: 0o600 })
}
