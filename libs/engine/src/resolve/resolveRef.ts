import { IDENTITY_FAILURE_CODE, identityFailureKind, parseRef, refKey, resolveBeyondPage, resolveIdentity, resolvePlace, type RefEntry } from "@agent-desktop/domain"
import { DesktopAdapter, type ObservedNode, type TreeObservation, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { desktopError, InvalidArgs, StaleRef, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { loadSnapshot, type SavedSnapshot } from "../StoreAccess.js"
import { graftPages } from "../snapshot/graftPages.js"
import { sourceOfHandle } from "../sources/SourceHandle.js"
import { containersToSearch, lookAlikeQuery, pagedOnly } from "./beyondPage.js"
import type { EventStore } from "@agent-desktop/store"

/** Depth for whole-window reads: identity is proven only when nothing was cut, so read as deep as the tree goes. */
export const WHOLE_WINDOW_DEPTH = 64

export interface Resolved {
  readonly ref: string
  readonly snapshot: SavedSnapshot
  readonly entry: RefEntry
  readonly window: WindowInfo
  readonly node: ObservedNode
  /** The whole-window read the identity was proven in (drill-downs render from it). */
  readonly windowRoot: ObservedNode
  readonly windowComplete: boolean
}

const identityError = (ref: string, kind: NonNullable<ReturnType<typeof identityFailureKind>>): DesktopError =>
  desktopError(IDENTITY_FAILURE_CODE[kind], {
    message: kind === "resolution_identity_unknown"
      ? `${ref}: the live window could not be read in time to prove its identity`
      : `${ref} cannot be re-identified in the current window (${kind})`,
    delivery: "not_delivered",
    details: { kind, ref }
  })

const withoutKind = (details: Readonly<Record<string, unknown>> | undefined) =>
  Object.fromEntries(Object.entries(details ?? {}).filter(([key]) => key !== "kind"))

const windowGone = (ref: string, entry: RefEntry) =>
  new StaleRef({
    message: `${ref}: its window is gone from ${entry.source_app}`,
    delivery: "not_delivered",
    details: { kind: "saved_ref_absent", ref }
  })

/**
 * Strict late resolution (contract 2.6): load the saved entry, read its window whole, and accept exactly one live
 * element with the saved role and stable fields in a snapshot that proved it unique. Nothing is ever sent here, so
 * every failure is not_delivered.
 */
export const resolveRef = Effect.fn("resolveRef")(function*(
  ref: string,
  /**
   * `forRead`: the caller only reads (`snapshot --root`, `find --root`, `get`, `is`), so a ref never proven unique,
   * or one with a twin now, is taken at its saved place when that place is unchanged (domain's resolvePlace): a
   * cut container is a page anchor even when it is one of several unnamed tables.
   */
  options: {
    readonly timeoutMs: number
    readonly forRead?: boolean
    /** A drill-down's page: when the ref is a paged container, its children are read from this index. */
    readonly childrenFrom?: number
    /** How many children from `childrenFrom` the drill-down prints (its read takes no more: a page of a huge table). */
    readonly childrenCount?: number
  }
): Effect.fn.Return<Resolved, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const parsed = parseRef(ref)
  if (parsed._tag === "Invalid") return yield* new InvalidArgs({ message: parsed.message, suggestion: parsed.suggestion })
  const invocation = yield* Invocation
  const adapter = yield* DesktopAdapter
  const snapshot = yield* loadSnapshot(invocation.namespace, parsed.ref.snapshotId)
  const entry = snapshot.refs[refKey(parsed.ref.index)]
  if (entry === undefined) {
    return yield* new StaleRef({ message: `${ref} not found in snapshot ${snapshot.snapshot_id}'s RefMap`, delivery: "not_delivered" })
  }
  invocation.record("ref.resolve.entry", { ref, role: entry.role, unique_at_capture: entry.unique_at_capture, app: entry.source_app })
  const window = yield* adapter.resolveWindow(entry.source_window_id === undefined ? { app: entry.source_app } : { windowId: entry.source_window_id }).pipe(
    Effect.catchTag("PlatformError", (error) =>
      Effect.fail(error.code === "WINDOW_NOT_FOUND" ? windowGone(ref, entry) : fromPlatformError(error)))
  )
  if (window.pid !== entry.pid || entry.process_instance !== undefined && window.process_instance !== entry.process_instance) {
    return yield* windowGone(ref, entry)
  }
  const deadline = (yield* Clock.currentTimeMillis) + options.timeoutMs
  // A node of another source is found again by that source's rules (a page's DOM node; a text near its box), not
  // by reading the window's accessibility tree, which does not hold it.
  const source = sourceOfHandle(entry.handle)
  if (source !== "atspi" && options.forRead !== true && adapter.reidentify !== undefined) {
    const expected = { role: entry.role, path: entry.path, ...(entry.name === undefined ? {} : { name: entry.name }) }
    const node = yield* adapter.reidentify(window, entry.handle, expected, deadline).pipe(
      Effect.mapError((error) => {
        if (error.code !== "ELEMENT_NOT_FOUND") return fromPlatformError(error)
        invocation.record("ref.resolve.error", { ref, kind: "saved_ref_absent", source })
        return new StaleRef({
          message: `${ref}: ${error.message}`,
          delivery: "not_delivered",
          details: { kind: "saved_ref_absent", ref, source, reason: error.details?.["kind"] ?? "gone", ...withoutKind(error.details) }
        })
      })
    )
    if (node !== undefined) {
      invocation.record("ref.resolve.ok", { ref, match: source })
      return { ref, snapshot, entry, window, node, windowRoot: node, windowComplete: true }
    }
  }
  // The read takes the ref's saved place in every paged container above it (a row of a 50,000-row table), and a
  // drill-down's page of the ref itself.
  const live = yield* adapter.readTree(window, {
    maxDepth: WHOLE_WINDOW_DEPTH, deadline, focus: [entry.path], awaitLoad: true,
    ...(options.childrenFrom === undefined ? {} : { pages: [{ path: entry.path, from: options.childrenFrom, ...(options.childrenCount === undefined ? {} : { count: options.childrenCount }) }] })
  }).pipe(
    Effect.mapError((error) =>
      error.code === "TIMEOUT" ? identityError(ref, "resolution_identity_unknown") : fromPlatformError(error))
  )
  // An action needs the ref unique across the big containers read by one page, not only in the page (beyondPage.ts).
  const beyond = options.forRead === true ? undefined : yield* searchBeyondPage(ref, entry, live, deadline)
  if (beyond !== undefined) {
    const decided = resolveBeyondPage(entry, beyond, { complete: live.complete })
    if (decided._tag === "Twin") {
      invocation.record("ref.resolve.error", { ref, kind: "identity_not_unique", beyond_page: true })
      return yield* desktopError(IDENTITY_FAILURE_CODE.identity_not_unique, {
        message: `${ref} has a twin in the part of a big container its snapshot did not read: another element has the same role, fields and place below a look-alike ancestor, so no action can prove it reaches this one (identity_not_unique)`,
        delivery: "not_delivered",
        details: { kind: "identity_not_unique", ref, beyond_page: true }
      })
    }
    if (decided._tag === "Unique") {
      invocation.record("ref.resolve.ok", { ref, match: decided.match, beyond_page: true })
      return { ref, snapshot, entry, window, node: decided.node, windowRoot: beyond, windowComplete: live.complete }
    }
  }
  const resolution = resolveIdentity(entry, beyond ?? live.root, { complete: live.complete })
  const placed = options.forRead === true && (resolution._tag === "NotUnique" || resolution._tag === "Ambiguous")
    ? resolvePlace(entry, live.root, { complete: live.complete })
    : undefined
  if (placed !== undefined) {
    invocation.record("ref.resolve.ok", { ref, match: "placed" })
    return { ref, snapshot, entry, window, node: placed, windowRoot: live.root, windowComplete: live.complete }
  }
  if (options.forRead === true && resolution._tag === "NotUnique" && live.complete) {
    // For a read, such a ref has only its place; once that changed, a fresh snapshot is the way back.
    invocation.record("ref.resolve.error", { ref, kind: "saved_ref_absent" })
    return yield* new StaleRef({
      message: `${ref} was never proven unique, and the window changed around its place: take a fresh snapshot`,
      delivery: "not_delivered",
      details: { kind: "saved_ref_absent", ref }
    })
  }
  if (resolution._tag !== "Unique") {
    const kind = identityFailureKind(resolution)!
    invocation.record("ref.resolve.error", { ref, kind })
    return yield* identityError(ref, kind)
  }
  invocation.record("ref.resolve.ok", { ref, match: resolution.match })
  return { ref, snapshot, entry, window, node: resolution.node, windowRoot: live.root, windowComplete: live.complete }
})

/**
 * The live read with every look-alike of the ref found in the children its big containers' pages left out grafted
 * in; undefined when the window has no such container that could hold a twin (or the read is incomplete: the
 * caller answers that). A search that could not finish within the budget fails: the ref's uniqueness is unknown.
 */
const searchBeyondPage = Effect.fnUntraced(function*(ref: string, entry: RefEntry, live: TreeObservation, deadline: number) {
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  if (!live.complete || adapter.searchPaged === undefined) return undefined
  const containers = containersToSearch(live.root, entry.path)
  if (containers.length === 0) return undefined
  const unknown = (searched: number | undefined, remaining: number | undefined, why: string) => {
    invocation.record("ref.resolve.error", { ref, kind: "resolution_identity_unknown", reason: "paged_search_incomplete" })
    return desktopError(IDENTITY_FAILURE_CODE.resolution_identity_unknown, {
      message: `${ref}: its uniqueness across the ${containers.map((node) => node.childCount).join(" + ")} children of its window's big container(s) could not be proven within the budget` +
        `${searched === undefined ? "" : ` (searched ${searched} of ${searched + (remaining ?? 0)} children beyond the page read)`}: ${why}`,
      suggestion: why.includes("stopped answering")
        ? "The app is busy: wait until it is idle and retry. A longer --timeout-ms does not help while it is busy."
        : "Retry with a larger --timeout-ms (the search for a twin covers every row the snapshot did not read), or use --headed mouse-click --xy on the element's centre.",
      delivery: "not_delivered",
      details: { kind: "resolution_identity_unknown", ref, reason: "paged_search_incomplete", ...(searched === undefined ? {} : { searched, remaining }) }
    })
  }
  const search = yield* adapter.searchPaged({ ...live, root: pagedOnly(live.root, containers) }, lookAlikeQuery(entry), deadline).pipe(
    Effect.catchTag("PlatformError", (error) =>
      error.code === "TIMEOUT" ? Effect.fail(unknown(undefined, undefined, error.message)) : Effect.fail(fromPlatformError(error)))
  )
  invocation.record("ref.resolve.beyond_page", { ref, searched: search.searched, remaining: search.remaining, look_alikes: search.found.length, complete: search.complete })
  if (!search.complete) return yield* unknown(search.searched, search.remaining, search.note ?? "the deadline passed")
  return graftPages(live.root, search.found.map((chain) => chain[0]!))
})
