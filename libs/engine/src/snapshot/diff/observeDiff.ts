/**
 * `snapshot --diff [--since ID]`: a new snapshot of a window numbered against a base snapshot of the same window
 * (its last one in the namespace, or the one named), saved like any snapshot, and printed as what changed
 * (snapshotDiff.ts). The base is a projection of the store's events (the saved RefMap), so a window that changed
 * while nobody looked is compared all the same.
 *
 * The whole snapshot is printed instead, with `diff.whole` saying why, when there is no base (the window was never
 * snapshotted in this namespace), when either read is partial (a cut read cannot say what is gone), or when the
 * diff would be more than half the size of the whole snapshot (the agent then reads one tree instead of a long list).
 *
 * A watch (watch/runWatch.ts) diffs the same way, but saves the new snapshot only when something changed: an
 * unchanged look leaves the base as it was and nothing in the store.
 */
import type { WindowInfo } from "@agent-desktop/platform"
import type { SavedSnapshot as StoredSnapshot } from "@agent-desktop/store"
import { Effect } from "effect"
import type { ContractData } from "../../ContractData.js"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { loadSnapshot, saveSnapshot, withStore } from "../../StoreAccess.js"
import { observeWindow, resolveRequestWindow, type SnapshotRequest } from "../observeWindow.js"
import { baseNumbering } from "./baseNumbering.js"
import { printedDiff, type SnapshotDiff, snapshotDiff } from "./snapshotDiff.js"

export type WholeReason = "no_base" | "partial_read" | "changed_too_much"

export type DiffSummary =
  | ReturnType<typeof printedDiff>
  | { readonly since?: string; readonly whole: true; readonly reason: WholeReason }

/** A diff at most this share of the whole snapshot's bytes is printed as a diff. */
const DIFF_SHARE = 0.5

export interface DiffOptions {
  /** Save the new snapshot even when nothing changed (`snapshot --diff`: the agent gets a snapshot id each time). */
  readonly saveUnchanged: boolean
}

export interface WindowDiff {
  /** Snapshot data with `diff` (and `tree` only when whole). */
  readonly data: ContractData<"snapshot">
  /** Whether anything changed (a whole snapshot counts as changed). */
  readonly changed: boolean
  /** The snapshot the next diff compares with: the new one when it was saved, else the base. */
  readonly nextBase: string
}

const isEmpty = (diff: SnapshotDiff): boolean => diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0

/** A window against a base snapshot of it (undefined: none), as a diff or, when it must be, whole. */
export const diffWindow = Effect.fn("diffWindow")(function*(request: SnapshotRequest, window: WindowInfo, base: StoredSnapshot | undefined, options: DiffOptions) {
  const invocation = yield* Invocation
  const numbering = base === undefined ? undefined : baseNumbering(base.refs)
  const observed = yield* observeWindow(request, {
    save: false,
    record: options.saveUnchanged,
    window,
    ...(base === undefined || numbering === undefined ? {} : { numbering: { startCounter: base.counter, keepNumber: numbering.keepNumber } })
  })
  const { data } = observed
  const { tree, ...head } = data
  const snapshotId = observed.saved.snapshot_id
  const saved = Effect.fnUntraced(function*() {
    yield* saveSnapshot(invocation.namespace, observed.saved)
  })
  const whole = Effect.fnUntraced(function*(reason: WholeReason) {
    yield* saved()
    invocation.record("snapshot.diff", { snapshot_id: snapshotId, ...(base === undefined ? {} : { since: base.snapshot_id }), whole: reason })
    const diff: DiffSummary = { ...(base === undefined ? {} : { since: base.snapshot_id }), whole: true, reason }
    return { data: { ...data, diff }, changed: true, nextBase: snapshotId } satisfies WindowDiff
  })
  if (base === undefined) return yield* whole("no_base")
  if (!base.complete || !observed.observation.complete) return yield* whole("partial_read")
  const diff = snapshotDiff({
    baseId: base.snapshot_id,
    base: base.refs,
    baseCounter: base.counter,
    refs: observed.captured.refs,
    tree: observed.captured.tree,
    present: numbering!.present(observed.observation.root)
  })
  const { since: _since, ...changes } = printedDiff(diff)
  const sizes = { diff: JSON.stringify(changes).length, tree: JSON.stringify(tree).length }
  // `-v` shows what a diff weighed against its whole snapshot.
  yield* Effect.logDebug("snapshot diff", {
    ...sizes, added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length, unchanged: diff.unchanged
  })
  if (sizes.diff > DIFF_SHARE * sizes.tree && !isEmpty(diff)) return yield* whole("changed_too_much")
  const changed = !isEmpty(diff)
  if (changed || options.saveUnchanged) {
    yield* saved()
    invocation.record("snapshot.diff", {
      snapshot_id: snapshotId,
      since: base.snapshot_id,
      added: diff.added.length,
      removed: diff.removed.length,
      changed: diff.changed.length,
      unchanged: diff.unchanged
    })
  }
  return {
    data: { ...head, diff: printedDiff(diff) satisfies DiffSummary },
    changed,
    nextBase: changed || options.saveUnchanged ? snapshotId : base.snapshot_id
  } satisfies WindowDiff
})

/** The base a window is compared with: the named snapshot (of that window), or the window's last one, or none. */
export const diffBase = Effect.fn("diffBase")(function*(window: WindowInfo, since: string | undefined) {
  const invocation = yield* Invocation
  const baseId = since ?? (yield* withStore((store) => store.latestSnapshotOfWindow(invocation.namespace, window.id)))
  if (baseId === undefined) return undefined
  const base = yield* loadSnapshot(invocation.namespace, baseId)
  if (base.window !== undefined && base.window.id !== window.id) {
    return yield* new InvalidArgs({
      message: `Snapshot ${baseId} is of window ${base.window.id} ('${base.window.title}'), not of ${window.id} ('${window.title}')`,
      suggestion: "Name a snapshot of the same window with --since, or leave --since out to compare with the window's last snapshot"
    })
  }
  return base
})

export const observeDiff = Effect.fn("observeDiff")(function*(request: SnapshotRequest, since: string | undefined) {
  const window = yield* resolveRequestWindow(request)
  const base = yield* diffBase(window, since)
  return (yield* diffWindow(request, window, base, { saveUnchanged: true })).data
})
