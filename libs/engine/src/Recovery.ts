import { identifierOf, parseRef, refKey, type RefEntry } from "@agent-desktop/domain"
import type { DesktopAdapter } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import type { Envelope } from "./Envelope.js"
import { runCommand, type CommandRequest } from "./runCommand.js"

export type RecoveryOutcome =
  | { readonly _tag: "NotNeeded"; readonly envelope: Envelope }
  /** The failure's disposition or strategy does not allow an automatic recovery; `envelope` is the original. */
  | { readonly _tag: "NotAllowed"; readonly envelope: Envelope; readonly reason: string }
  | { readonly _tag: "Recovered"; readonly envelope: Envelope; readonly ref: string; readonly snapshotId: string }

/** The same element by role and stable fields; an address (AT-SPI object path) is not identity, a toolkit id is. */
const sameElement = (old: RefEntry, fresh: RefEntry) => {
  const oldId = identifierOf(old.native_id)
  const freshId = identifierOf(fresh.native_id)
  return fresh.role === old.role && (fresh.name ?? "") === (old.name ?? "") &&
    (fresh.description ?? "") === (old.description ?? "") &&
    (oldId === undefined || freshId?.kind === oldId.kind && freshId.value === oldId.value)
}

/**
 * Run a failed command's recovery strategy once, as an Effect (for in-process consumers such as wave).
 * Only `refresh_snapshot_then_retry_original` is automatic: take a fresh snapshot of the ref's window, find the one
 * element the old ref described (role and stable fields, proven unique), and retry the original command with it.
 * It never runs for a disposition that is not `safe`, and never picks among look-alikes.
 */
export const recoverAndRetry = Effect.fn("recoverAndRetry")(function*(
  request: CommandRequest,
  failed: Envelope
): Effect.fn.Return<RecoveryOutcome, never, DesktopAdapter | EventStore> {
  if (failed.ok) return { _tag: "NotNeeded", envelope: failed }
  const error = failed.error
  if (error.disposition.retry !== "safe") return { _tag: "NotAllowed", envelope: failed, reason: "the failure's retry is not safe" }
  // An identity refusal (details.retryable: false) drops `recovery` because the same ref would be refused again;
  // a fresh snapshot is exactly the remedy for that, so STALE_REF qualifies either way.
  if (error.recovery?.strategy !== "refresh_snapshot_then_retry_original" && error.code !== "STALE_REF") {
    return { _tag: "NotAllowed", envelope: failed, reason: "no automatic strategy for this failure" }
  }
  const rawRef = request.args?.["ref_id"]
  const parsed = typeof rawRef === "string" ? parseRef(rawRef) : undefined
  if (parsed?._tag !== "Ok") return { _tag: "NotAllowed", envelope: failed, reason: "the command has no ref to re-find" }
  const store = yield* EventStore
  const namespace = request.options?.session ?? "global"
  const old = yield* store.loadSnapshot(namespace, parsed.ref.snapshotId).pipe(Effect.option)
  const entry = old._tag === "Some" ? old.value.refs[refKey(parsed.ref.index)] : undefined
  if (entry === undefined) return { _tag: "NotAllowed", envelope: failed, reason: "the old ref's description is gone, so nothing can be re-found" }
  const { waitFor: _waitFor, waitForGone: _waitForGone, ...observeOptions } = request.options ?? {}
  const fresh = yield* runCommand({
    command: "snapshot",
    // By app, not window id: a restarted app has new windows, and re-finding the element there is the point.
    args: { app: entry.source_app },
    options: observeOptions
  })
  if (!fresh.ok) return { _tag: "NotAllowed", envelope: failed, reason: "the fresh snapshot failed" }
  const snapshotId = (fresh.data as { snapshot_id: string }).snapshot_id
  const saved = yield* store.loadSnapshot(namespace, snapshotId).pipe(Effect.option)
  if (saved._tag === "None") return { _tag: "NotAllowed", envelope: failed, reason: "the fresh snapshot could not be read back" }
  const candidates = Object.entries(saved.value.refs).filter(([, candidate]) => candidate.unique_at_capture && sameElement(entry, candidate))
  if (candidates.length !== 1) {
    return { _tag: "NotAllowed", envelope: failed, reason: candidates.length === 0 ? "the element is not in the fresh snapshot" : "several elements match; refusing to guess" }
  }
  const ref = `@${snapshotId}:${candidates[0]![0].slice(1)}`
  const envelope = yield* runCommand({ ...request, args: { ...request.args, ref_id: ref } })
  return { _tag: "Recovered", envelope, ref, snapshotId }
})
