/**
 * The `ocr` source in observations: text read from the screen becomes nodes of the tree, where the tree cannot
 * explain the pixels. `auto` (the default): a window whose tree is unusable (no tree, or its content switched off
 * with no DevTools endpoint to read it through) gets its client area read, and a leaf the app draws itself (a
 * canvas, a drawing area) gets its own box read, the lines as its children. `always`: the window's text under its
 * root besides the tree. `never`: no OCR. One `statictext` per line (its box and Tesseract's confidence, and a
 * `Click` action: pointer input, under --headed).
 */
import { DesktopAdapter, PlatformError, type Bounds, type ObservedNode, type ScreenLine, type ScreenMatch, type TreeObservation, type WindowInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { ocrHandle } from "../sources/SourceHandle.js"

export type OcrMode = "auto" | "always" | "never"

/** Smaller drawn surfaces are icons and swatches, not text. */
const MIN_DRAWN = { width: 48, height: 16 }

export const lineNode = (line: { readonly text: string; readonly confidence: number; readonly bounds: Bounds }, windowId: string, path: ReadonlyArray<number>): ObservedNode => ({
  role: "statictext",
  source: "ocr",
  name: line.text,
  confidence: line.confidence,
  bounds: line.bounds,
  states: [],
  actions: ["Click"],
  path,
  handle: ocrHandle({ windowId, bounds: line.bounds }),
  childCount: 0
})

const withLines = (node: ObservedNode, lines: ReadonlyArray<ScreenLine>, windowId: string): ObservedNode => {
  const start = node.children?.length ?? 0
  const added = lines.filter((line) => line.text.trim() !== "").map((line, index) => lineNode(line, windowId, [...node.path, start + index]))
  if (added.length === 0) return node
  return { ...node, childCount: start + added.length, children: [...(node.children ?? []), ...added] }
}

/** The window's client area (its own pixels, without decorations) where the display server knows it. */
export const clientArea = (window: WindowInfo) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    if (adapter.native === undefined) return window.bounds
    const managed = yield* adapter.native().pipe(
      Effect.flatMap((native) => native.findWindow({ pid: window.pid, title: window.title, ...(window.bounds ? { bounds: window.bounds } : {}) })),
      Effect.option
    )
    return managed._tag === "Some" ? managed.value.client ?? managed.value.bounds : window.bounds
  })

/** The centre of a region and of its quarters: where a window on top of it would show. */
const samplePoints = (region: Bounds) =>
  [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]].map(([fx, fy]) => ({
    x: Math.round(region.x + region.width * fx!),
    y: Math.round(region.y + region.height * fy!)
  }))

/**
 * The window's client area where the screen shows the window itself there: a capture of a region reads whatever is
 * on top, so text read from under another window would be that window's text, put under this one. Refused then,
 * naming how to bring it to the front. Where the display server cannot tell, the client area as clientArea gives it.
 */
export const uncoveredClientArea = (window: WindowInfo) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    if (adapter.native === undefined) return window.bounds
    const native = yield* adapter.native().pipe(Effect.option)
    if (native._tag === "None") return window.bounds
    const managed = yield* native.value.findWindow({ pid: window.pid, title: window.title, ...(window.bounds ? { bounds: window.bounds } : {}) }).pipe(Effect.option)
    if (managed._tag === "None") return window.bounds
    const region = managed.value.client ?? managed.value.bounds
    const tops = yield* Effect.forEach(samplePoints(region), (point) => native.value.topWindowAt(point).pipe(Effect.option))
    const covered = tops.some((top) => top._tag === "Some" && top.value !== undefined && top.value !== managed.value.nativeId)
    if (!covered) return region
    return yield* new PlatformError({
      code: "ACTION_NOT_SUPPORTED",
      message: `another window covers '${window.title}', so its text cannot be read from the screen (a capture would read the window on top)`,
      details: { kind: "ocr_window_covered", window_id: window.id },
      suggestion: `Bring it to the front first (focus-window --window-id ${window.id}), then read it again`
    })
  })

const drawnLeaves = (node: ObservedNode): Array<ObservedNode> =>
  node.drawn === true && node.bounds !== undefined && node.bounds.width >= MIN_DRAWN.width && node.bounds.height >= MIN_DRAWN.height
    ? [node]
    : (node.children ?? []).flatMap(drawnLeaves)

const replaceNode = (root: ObservedNode, target: ObservedNode, next: ObservedNode): ObservedNode => {
  if (root === target) return next
  if (root.children === undefined) return root
  let changed = false
  const children = root.children.map((child) => {
    const replaced = replaceNode(child, target, next)
    if (replaced !== child) changed = true
    return replaced
  })
  return changed ? { ...root, children } : root
}

/** Whether OCR read anything into the observation, and the observation with its text nodes. */
export interface ScreenTextRead {
  readonly observation: TreeObservation
  readonly read: boolean
}

/**
 * Fails only where the window has no other source of nodes (its tree unusable) and its text cannot be read: then
 * the reason (OCR unavailable, and which packages) is the answer. A drawn surface that cannot be read stays as it is.
 */
export const withScreenText = (observation: TreeObservation, mode: OcrMode): Effect.Effect<ScreenTextRead, PlatformError, DesktopAdapter> =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const reader = adapter.screenText
    if (mode === "never" || reader === undefined) return { observation, read: false }
    const window = observation.window
    const unusable = observation.accessibility !== undefined && observation.accessibility.sources.includes("ocr") &&
      (observation.root.children ?? []).length === 0
    let root = observation.root
    let read = false
    if (unusable || mode === "always") {
      const region = unusable ? yield* uncoveredClientArea(window) : yield* uncoveredClientArea(window).pipe(Effect.orElseSucceed(() => undefined))
      if (region !== undefined) {
        const lines = unusable ? yield* reader.read(region) : yield* reader.read(region).pipe(Effect.orElseSucceed((): ReadonlyArray<ScreenLine> => []))
        root = withLines(root, lines, window.id)
        read = true
      }
    } else {
      for (const leaf of drawnLeaves(root)) {
        const lines = yield* reader.read(leaf.bounds!).pipe(Effect.orElseSucceed((): ReadonlyArray<ScreenLine> => []))
        const next = withLines(leaf, lines, window.id)
        if (next !== leaf) root = replaceNode(root, leaf, next)
        read = true
      }
    }
    return { observation: root === observation.root ? observation : { ...observation, root, nodesObserved: observation.nodesObserved + countAdded(observation.root, root) }, read }
  })

const count = (node: ObservedNode): number => 1 + (node.children ?? []).reduce((sum, child) => sum + count(child), 0)
const countAdded = (before: ObservedNode, after: ObservedNode) => count(after) - count(before)

const hasText = (node: ObservedNode, folded: string, exact: boolean): boolean =>
  [node.name, node.value, node.description].some((field) => field !== undefined && (exact ? field.toLowerCase() === folded : field.toLowerCase().includes(folded))) ||
  (node.children ?? []).some((child) => hasText(child, folded, exact))

/** What a text search read from the screen: the observation with its matches as nodes, and those nodes. */
export interface TextSearchRead {
  readonly observation: TreeObservation
  readonly matches: ReadonlySet<ObservedNode>
  readonly read: boolean
}

/**
 * `find --text` and the screen: with `auto`, when nothing in the tree (any source) has the text, the window's client
 * area is read and each run of words matching it becomes a `statictext` node under the root (a ref, its box and
 * confidence); with `always`, whether or not the tree has it. The nodes carry the words as read.
 */
export const withTextSearch = (observation: TreeObservation, text: string, exact: boolean, mode: OcrMode, alreadyRead: boolean): Effect.Effect<TextSearchRead, PlatformError, DesktopAdapter> =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const reader = adapter.screenText
    const none = { observation, matches: new Set<ObservedNode>(), read: false }
    if (mode === "never" || reader === undefined || alreadyRead) return none
    if (mode === "auto" && hasText(observation.root, text.toLowerCase(), exact)) return none
    // An unusable tree has nothing else to search: there the reason OCR failed (or cannot read) is the answer.
    const region = observation.accessibility !== undefined
      ? yield* uncoveredClientArea(observation.window)
      : yield* uncoveredClientArea(observation.window).pipe(Effect.orElseSucceed(() => undefined))
    if (region === undefined) return none
    const found = observation.accessibility !== undefined
      ? yield* reader.find(region, text, { exact })
      : yield* reader.find(region, text, { exact }).pipe(Effect.orElseSucceed((): ReadonlyArray<ScreenMatch> => []))
    const root = observation.root
    const start = root.children?.length ?? 0
    const nodes = found.map((match, index) => ({ ...lineNode(match, observation.window.id, [...root.path, start + index]), description: match.line === match.text ? undefined : match.line }))
      .map(({ description, ...node }): ObservedNode => description === undefined ? node : { ...node, description })
    return {
      observation: nodes.length === 0 ? observation : {
        ...observation,
        root: { ...root, childCount: start + nodes.length, children: [...(root.children ?? []), ...nodes] },
        nodesObserved: observation.nodesObserved + nodes.length
      },
      matches: new Set(nodes),
      read: true
    }
  })
