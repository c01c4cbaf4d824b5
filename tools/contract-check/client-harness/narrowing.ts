// Compiled (tsc --strict) beside json-schema-to-typescript's output of a client schema (envelope.ts) and the test's
// envelopes.ts, which declares every envelope as a literal of its command's type (`SnapshotEnvelope`, ...,
// `ErrorEnvelope`). These lines hold for every contract version: `data` narrows by `command`, the error body by
// `code`, and each `@ts-expect-error` must meet an error, so a type that accepts anything fails the compile.
import type { Envelope, SnapshotEnvelope, StaleRefErrorBody, TimeoutErrorBody } from "./envelope.js"

export const snapshotId = (envelope: Envelope): string | undefined =>
  envelope.ok && envelope.command === "snapshot" ? envelope.data.snapshot_id : undefined

export const launchedPid = (envelope: Envelope): number | undefined =>
  envelope.ok && envelope.command === "launch" && "pid" in envelope.data ? envelope.data.pid : undefined

export const matchCount = (envelope: Envelope): number | undefined =>
  envelope.ok && envelope.command === "find" && "count" in envelope.data ? envelope.data.count : undefined

export const retryAfter = (envelope: Envelope): number | undefined =>
  !envelope.ok && envelope.error.code === "TIMEOUT" ? envelope.error.recovery?.retry_after_ms : undefined

export const strategy = (envelope: Envelope): string | undefined =>
  envelope.ok ? undefined : envelope.error.recovery?.strategy

// @ts-expect-error a STALE_REF recovery has no retry_after_ms (only TIMEOUT and APP_UNRESPONSIVE do)
export const staleDelay = (body: StaleRefErrorBody) => body.recovery?.retry_after_ms

export const timeoutDelay = (body: TimeoutErrorBody): number | undefined => body.recovery?.retry_after_ms

// @ts-expect-error a snapshot's data is not a launch's
export const notLaunch = (envelope: SnapshotEnvelope) => envelope.data.pid

// @ts-expect-error success and failure are exclusive: a success has no error
export const noError = (envelope: SnapshotEnvelope) => envelope.error.code

export const wrongRefCount = (version: SnapshotEnvelope["version"]): SnapshotEnvelope => ({
  version,
  ok: true,
  command: "snapshot",
  // @ts-expect-error ref_count is a number
  data: { app: "a", snapshot_id: "s8f3k2p9", ref_count: "3", complete: true }
})
