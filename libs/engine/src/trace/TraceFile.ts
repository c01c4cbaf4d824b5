import * as fs from "node:fs"
import * as path from "node:path"
import { ENGINE_VERSION } from "../EngineVersion.js"
import type { InvocationEvent } from "../Invocation.js"

export const TRACE_SCHEMA = 1

const { O_WRONLY, O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_TRUNC } = fs.constants

/** Why a path cannot be written, in words; ELOOP is the kernel's answer to O_NOFOLLOW on a symlink. */
const refusal = (file: string, cause: unknown): Error => {
  const code = (cause as NodeJS.ErrnoException).code
  return new Error(code === "ELOOP" || code === "EEXIST" ? `${file} is a symlink; refusing to write through it` : (cause as Error).message)
}

/**
 * Opens a file to write without ever following a symlink at its last component: a new file is created 0600 with
 * O_EXCL (which does not follow a dangling link either), an existing one is opened with O_NOFOLLOW and must be a
 * regular file (appended to, or truncated). Returns the descriptor and whether the file is new.
 */
export const openNoFollow = (file: string, flags: { readonly append: boolean }): { readonly fd: number; readonly created: boolean } => {
  const mode = O_WRONLY | (flags.append ? O_APPEND : O_TRUNC)
  try {
    return { fd: fs.openSync(file, mode | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600), created: true }
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== "EEXIST") throw refusal(file, cause)
  }
  let fd: number
  try {
    fd = fs.openSync(file, mode | O_NOFOLLOW)
  } catch (cause) {
    throw refusal(file, cause)
  }
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd)
    throw new Error(`${file} is not a regular file`)
  }
  return { fd, created: false }
}

/** Opens `--trace FILE` for appending (a new one starts with its meta line); throws when it must not be written. */
export const openTraceFile = (file: string, sessionId: string | undefined): number => {
  const resolved = path.resolve(file)
  fs.mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o700 })
  const { fd, created } = openNoFollow(resolved, { append: true })
  if (created) {
    const meta = { event: "trace.meta", ts_ms: Date.now(), schema: TRACE_SCHEMA, version: ENGINE_VERSION, os: process.platform, pid: process.pid, session_id: sessionId ?? null }
    fs.writeSync(fd, JSON.stringify(meta) + "\n")
  }
  return fd
}

/** Append an invocation's events (already redacted by the journal), one JSON object per line, and close the file. */
export const appendTraceFile = (fd: number, invocationId: string, events: ReadonlyArray<InvocationEvent>): void => {
  try {
    const lines = events.map((event, seq) =>
      JSON.stringify({ event: event.type, ts_ms: event.ts_ms, seq: seq + 1, invocation: invocationId, ...event.payload })
    )
    fs.writeSync(fd, lines.join("\n") + "\n")
  } finally {
    fs.closeSync(fd)
  }
}
