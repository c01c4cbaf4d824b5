import { redact } from "@agent-desktop/domain"
import type { FileHandle } from "node:fs/promises"
import { ENGINE_VERSION } from "../EngineVersion.js"
import type { InvocationEvent } from "../Invocation.js"
import { openOutputFile } from "../output/OutputFile.js"

export const TRACE_SCHEMA = 1

/**
 * Opens `--trace FILE` for appending by OutputFile's rules (a new or regular file, never through a symlink, never a
 * FIFO, device or kernel path; missing folders made 0700); a new file starts with its meta line. Rejects with
 * UnsafeOutputPath or the errno error when it must not or cannot be written.
 */
export const openTraceFile = async (file: string, sessionId: string | undefined): Promise<FileHandle> => {
  const { handle, created } = await openOutputFile(file, "append", { makeFolder: true })
  if (created) {
    const meta = { event: "trace.meta", ts_ms: Date.now(), schema: TRACE_SCHEMA, version: ENGINE_VERSION, os: process.platform, pid: process.pid, session_id: sessionId ?? null }
    try {
      await handle.write(JSON.stringify(meta) + "\n")
    } catch (error) {
      await handle.close()
      throw error
    }
  }
  return handle
}

/**
 * Append an invocation's events, one JSON object per line, and close the file. Redacted here too: the journal keeps
 * a replay's identities (names) as the store keeps RefMaps, and a trace file is shared like `trace show`.
 */
export const appendTraceFile = async (handle: FileHandle, invocationId: string, events: ReadonlyArray<InvocationEvent>): Promise<void> => {
  try {
    const lines = events.map((event, seq) =>
      JSON.stringify({ event: event.type, ts_ms: event.ts_ms, seq: seq + 1, invocation: invocationId, ...(redact(event.payload) as Record<string, unknown>) })
    )
    await handle.write(lines.join("\n") + "\n")
  } finally {
    await handle.close()
  }
}
