/**
 * Observing a window whole, shared by the observation commands (snapshot, find, wait) and the post-action wait:
 * the request the flags make, the read (a warm adapter may answer it from its event-kept mirror), the identities
 * and the saved RefMap.
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type NodeSource, type ObservedNode, type TreeObservation, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { randomBytes } from "node:crypto"
import { newSnapshotId } from "@agent-desktop/domain"
import { decodeArgs } from "../args/decodeArgs.js"
import { InvalidArgs, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { WHOLE_WINDOW_DEPTH } from "../resolve/resolveRef.js"
import { captureSnapshot } from "./captureSnapshot.js"
import type { OutputNode, OutputRoot, RenderOptions } from "./renderTree.js"
import { withScreenText, withTextSearch, type OcrMode } from "./screenText.js"
import { surfaceWindowId } from "../commands/surfaceWindow.js"
import { saveSnapshot, type SavedSnapshot } from "../StoreAccess.js"

const SKELETON_DEPTH = 3
/**
 * `-i` prints at most 50 children per container unless --max-children says otherwise (0 = all). What an agent
 * calls most, so it is where repeated rows cost most: a 500-row web table was 470 KB of `-i --compact` (~120k
 * tokens), more than most agents' whole context. 50 keeps every toolbar, menu, form and dialog of the project's
 * test apps whole (tools/bench/README.md, "Snapshot size"); a cut container says where children were left out
 * and how to page them, and `find` still reads the whole window. `complete` stays about the read.
 */
export const DEFAULT_INTERACTIVE_MAX_CHILDREN = 50

export interface SnapshotRequest {
  readonly app?: string
  readonly windowId?: string
  readonly render: RenderOptions
  readonly timeoutMs: number
  /** Text read from the screen (`--ocr`): `auto` where the tree cannot explain the pixels (screenText.ts). */
  readonly ocr: OcrMode
}

/**
 * The request a snapshot's flags make. The printed tree's default depth (the spec's --max-depth default) is the
 * whole-window read's, WHOLE_WINDOW_DEPTH: the reference's 10 cut gnome-calculator's display while `complete` said
 * true. An explicit --max-depth is a requested cut; each cut container carries children_count.
 */
export const snapshotRequest = Effect.fnUntraced(function*(args: ArgsOf<"snapshot">) {
  // --surface menu|alert|sheet|focused names a window of its own on Linux (commands/surfaceWindow.ts).
  const surfaceId = yield* surfaceWindowId(args)
  const { skeleton, max_depth: maxDepth, app, interactive_only: interactiveOnly, children_from: childrenFrom } = args
  const windowId = surfaceId ?? args.window_id
  // Not a spec default: it depends on -i (the flag's description says so).
  const maxChildren = args.max_children ?? (interactiveOnly ? DEFAULT_INTERACTIVE_MAX_CHILDREN : 0)
  if (childrenFrom !== undefined && args.root === undefined) {
    return yield* new InvalidArgs({
      message: "--children-from pages the children of a --root container",
      suggestion: "Pass --root with the ref of the cut container (its hint prints the whole command)"
    })
  }
  const request: SnapshotRequest = {
    ...(app === undefined ? {} : { app }),
    ...(windowId === undefined ? {} : { windowId }),
    render: {
      maxDepth: skeleton ? Math.min(maxDepth, SKELETON_DEPTH) : maxDepth,
      interactiveOnly,
      compact: args.compact,
      includeBounds: args.include_bounds,
      skeleton,
      ...(maxChildren > 0 ? { maxChildren } : {}),
      ...(childrenFrom === undefined ? {} : { childrenFrom })
    },
    timeoutMs: args.timeout_ms,
    ocr: args.ocr
  }
  return request
})

/**
 * The request a plain `snapshot` with just these flags makes (the snapshot spec's defaults decoded in): what a
 * watch and `wait --event changed` read each look with.
 */
export const windowSnapshotRequest = Effect.fnUntraced(function*(
  flags: Pick<ArgsOf<"snapshot">, "app" | "window_id" | "interactive_only" | "compact">
) {
  const decoded = yield* decodeArgs("snapshot", flags)
  return yield* snapshotRequest(decoded as ArgsOf<"snapshot">)
})

/** `choice`: the note on a window `--app` took among several (WindowInfo.choice), for a read of the whole window. */
export const snapshotData = (saved: SavedSnapshot, window: WindowInfo, tree: OutputRoot, observation: TreeObservation, choice?: string) => ({
  app: window.app_name,
  window: { id: window.id, title: window.title },
  snapshot_id: saved.snapshot_id,
  ref_count: Object.keys(saved.refs).length,
  ...(observation.complete
    ? { complete: true as const }
    : { complete: false as const, truncated: true as const, nodes_observed: observation.nodesObserved }),
  ...(saved.identity_unproven ? { identity_unproven: true } : {}),
  ...(observation.accessibility === undefined ? {} : { accessibility: accessibilityOf(observation.accessibility) }),
  tree: withChoiceHint(tree, choice)
})

const accessibilityOf = (availability: NonNullable<TreeObservation["accessibility"]>) => ({
  tree: availability.tree,
  sources: [...availability.sources],
  ...(availability.fix === undefined ? {} : { fix: availability.fix })
})

/** The sources an observation's nodes came from (the tree's own first), and `ocr` when the screen was read. */
const sourcesIn = (root: ObservedNode, screenRead: boolean): ReadonlyArray<NodeSource> => {
  const seen = new Set<NodeSource>()
  const visit = (node: ObservedNode) => {
    seen.add(node.source ?? "atspi")
    for (const child of node.children ?? []) visit(child)
  }
  visit(root)
  if (screenRead) seen.add("ocr")
  return (["atspi", "cdp", "ocr"] as const).filter((source) => seen.has(source))
}

/**
 * The printed root says which of an app's several windows `--app` took and why (a modal dialog, the display
 * server's active window): the contract's window object has no field for it, and an agent that meant the window
 * behind a dialog must learn it was not read.
 */
const withChoiceHint = <T extends OutputNode>(tree: T, choice: string | undefined): T => {
  if (choice === undefined || tree.hint?.includes(choice) === true) return tree
  const hint = tree.hint === undefined ? choice : `${choice}; ${tree.hint}`
  // The contract's key order: hint right after native_id (renderTree's fields).
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(tree)) {
    if (key === "hint") continue
    if (!("hint" in out) && ["states", "available_actions", "bounds", "children_count", "children"].includes(key)) out["hint"] = hint
    out[key] = value
  }
  if (!("hint" in out)) out["hint"] = hint
  return out as T
}

const nothingRead = (window: WindowInfo, elapsedMs: number): TreeObservation => ({
  window,
  root: { role: "window", name: window.title, states: [], actions: [], path: [], handle: "", childCount: 0, budgetCut: true },
  complete: false,
  nodesObserved: 0,
  incomplete: ["deadline"],
  elapsedMs
})

export interface ObserveOptions {
  readonly save: boolean
  /** Record the observation in the invocation's events (default): a watch's unchanged looks are not recorded. */
  readonly record?: boolean
  /** The window, when the caller resolved it already (a diff looks up its base by the window first). */
  readonly window?: WindowInfo
  /** A diff's numbering: refs continue from the base's counter, and nodes the base has keep their numbers. */
  readonly numbering?: { readonly startCounter: number; readonly keepNumber: (node: ObservedNode) => number | undefined }
  /**
   * Adds to the read before refs are allocated (find: rows searched in the other pages of paged containers), within
   * the same deadline.
   */
  readonly augment?: (observation: TreeObservation, deadline: number) => Effect.Effect<TreeObservation, DesktopError, DesktopAdapter>
  /** `find --text`: the screen is searched for it where the tree has none (screenText.ts `withTextSearch`). */
  readonly textSearch?: { readonly text: string; readonly exact: boolean }
}

export const resolveRequestWindow = Effect.fnUntraced(function*(request: SnapshotRequest) {
  const adapter = yield* DesktopAdapter
  return yield* adapter.resolveWindow({
    ...(request.app === undefined ? {} : { app: request.app }),
    ...(request.windowId === undefined ? {} : { windowId: request.windowId })
  }).pipe(Effect.mapError(fromPlatformError))
})

/**
 * Observe a window whole (identity proof needs every node), render it per the flags, save the RefMap. An
 * exhausted budget is a partial success (2.2), never a TIMEOUT.
 */
export const observeWindow = Effect.fn("observeWindow")(function*(request: SnapshotRequest, options: ObserveOptions = { save: true }) {
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const started = yield* Clock.currentTimeMillis
  const window = options.window ?? (yield* resolveRequestWindow(request))
  const resolved = yield* Clock.currentTimeMillis
  const deadline = resolved + request.timeoutMs
  // An observation: a warm adapter may answer from a read the app's events prove unchanged (`kept`); a page still
  // loading is waited for within the budget, and read `complete: false` at its end (not a page with no rows yet).
  const first = yield* adapter.readTree(window, { maxDepth: WHOLE_WINDOW_DEPTH, deadline, kept: true, awaitLoad: true }).pipe(
    // Contract 2.2: an exhausted budget is a partial success, even when not one node could be read in time.
    Effect.catchIf((error) => error.code === "TIMEOUT", () => Effect.map(Clock.currentTimeMillis, (now) => nothingRead(window, now - resolved))),
    Effect.mapError(fromPlatformError)
  )
  const treeRead = options.augment === undefined ? first : yield* options.augment(first, deadline)
  // A text search reads the screen as runs of words itself (withTextSearch); the tree's own OCR (an unusable tree,
  // drawn surfaces) stays `auto` then, so `--ocr always` does not read the window twice.
  const mode = request.ocr
  const screen = yield* withScreenText(treeRead, options.textSearch !== undefined && mode === "always" ? "auto" : mode).pipe(Effect.mapError(fromPlatformError))
  const searched = options.textSearch === undefined
    ? { observation: screen.observation, matches: new Set<ObservedNode>(), read: false }
    : yield* withTextSearch(screen.observation, options.textSearch.text, options.textSearch.exact, mode, screen.read && mode !== "always").pipe(Effect.mapError(fromPlatformError))
  const observation = searched.observation
  const sources = sourcesIn(observation.root, screen.read || searched.read)
  const read = yield* Clock.currentTimeMillis
  const snapshotId = newSnapshotId(randomBytes(8))
  const captured = captureSnapshot({
    snapshotId,
    observation,
    windowRoot: observation.root,
    windowComplete: observation.complete,
    render: request.render,
    startCounter: options.numbering?.startCounter ?? 0,
    ...(options.numbering === undefined ? {} : { keepNumber: options.numbering.keepNumber })
  })
  const saved: SavedSnapshot = {
    snapshot_id: snapshotId,
    app: window.app_name,
    window: { id: window.id, title: window.title },
    refs: captured.refs,
    counter: captured.counter,
    complete: observation.complete,
    identity_unproven: captured.identityUnproven
  }
  const rendered = yield* Clock.currentTimeMillis
  if (options.save) yield* saveSnapshot(invocation.namespace, saved)
  // `-v` shows where a snapshot's time goes (the speed work in tools/bench starts from these).
  yield* Effect.logDebug("snapshot phases (ms)", {
    resolve_window: resolved - started,
    read_tree: read - resolved,
    render_and_identities: rendered - read,
    save: (yield* Clock.currentTimeMillis) - rendered,
    nodes: observation.nodesObserved,
    refs: captured.counter
  })
  if (options.record !== false) invocation.record(options.save ? "snapshot.captured" : "snapshot.observed", { snapshot_id: snapshotId, ref_count: captured.counter, complete: observation.complete, nodes_observed: observation.nodesObserved })
  return { saved, window, observation, captured, ocrMatches: searched.matches, sources, data: snapshotData(saved, window, captured.tree, observation, window.choice) }
})
