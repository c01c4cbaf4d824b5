/**
 * A locator bound to the app as it runs now: its window chosen, its recorded identity saved as a one-ref snapshot
 * in the caller's namespace, and that ref handed back. Nothing is sent and nothing is resolved here: the command that
 * takes the ref re-identifies it live with the engine's own rules (resolve/resolveRef.ts: the whole window read,
 * exactly one element with the recorded role and identity, twins refused), as it does any ref.
 *
 * The window: the app's windows; those titled as recorded when some are; among several, the visible ones; and when
 * that still leaves several, the one window where the recorded identity resolves to exactly one element.
 */
import { formatRef, newSnapshotId, nodeAtPath, resolveIdentity } from "@agent-desktop/domain"
import { DesktopAdapter, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { randomBytes } from "node:crypto"
import { AmbiguousTarget, AppNotFound, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { WHOLE_WINDOW_DEPTH } from "../resolve/resolveRef.js"
import { saveSnapshot } from "../StoreAccess.js"
import type { EventStore } from "@agent-desktop/store"
import { entryFor, type Locator } from "./Locator.js"

export interface Bound {
  readonly ref: string
  readonly window: WindowInfo
}

const windowSummary = (window: WindowInfo) => ({ id: window.id, title: window.title })

/**
 * How a window holds a recorded element: `element`, its identity resolves to exactly one element there; `changed`,
 * it does not, but the node at the recorded path has the recorded role (the element is there, renamed or
 * otherwise changed: a replay stops at it with the difference); `none`, neither (or the window cannot be read).
 */
export type Holding = "element" | "changed" | "none"

const holdsIdentity = (locator: Locator, window: WindowInfo, timeoutMs: number) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const deadline = (yield* Clock.currentTimeMillis) + timeoutMs
    const read = yield* adapter.readTree(window, { maxDepth: WHOLE_WINDOW_DEPTH, deadline }).pipe(Effect.option)
    if (read._tag === "None") return "none" as Holding
    if (resolveIdentity(entryFor(locator, window), read.value.root, { complete: read.value.complete })._tag === "Unique") return "element" as Holding
    return (nodeAtPath(read.value.root, locator.path)?.role === locator.role ? "changed" : "none") as Holding
  })

/**
 * The app's window, now, titled `title` when recorded: the only window; else the only one so titled, or the only
 * visible one among them; else, with `holds`, the only one where the recorded element is found, or, where it is
 * found in none, the only one where it changed (a browser lists windows besides the page's, and a renamed element
 * is a divergence at its step, not an ambiguous window).
 */
export const chooseWindow = Effect.fn("replay.chooseWindow")(function*(
  app: string,
  title: string | undefined,
  holds?: (window: WindowInfo) => Effect.Effect<Holding, never, DesktopAdapter>
): Effect.fn.Return<WindowInfo, DesktopError, DesktopAdapter> {
  const adapter = yield* DesktopAdapter
  const windows = yield* adapter.listWindows(app).pipe(Effect.mapError(fromPlatformError))
  if (windows.length === 0) {
    return yield* new AppNotFound({
      message: `no window of ${app} is open`,
      delivery: "not_delivered",
      details: { kind: "replay_window_absent", app },
      suggestion: `Start ${app} (as it was when the session was recorded), then replay again`
    })
  }
  if (windows.length === 1) return windows[0]!
  const titled = windows.filter((window) => window.title === title)
  const among = titled.length > 0 ? titled : windows
  const visible = among.filter((window) => window.visible !== false && window.minimized !== true)
  const candidates = visible.length > 0 ? visible : among
  if (candidates.length === 1) return candidates[0]!
  const holding: Array<WindowInfo> = []
  const changed: Array<WindowInfo> = []
  if (holds !== undefined) {
    for (const window of candidates) {
      const held = yield* holds(window)
      if (held === "element") holding.push(window)
      else if (held === "changed") changed.push(window)
    }
  }
  if (holding.length === 1) return holding[0]!
  if (holding.length === 0 && changed.length === 1) return changed[0]!
  return yield* new AmbiguousTarget({
    message: `${app} has ${candidates.length} windows${title === undefined ? "" : ` like "${title}"`}${holds === undefined ? "" : `, and ${holding.length === 0 ? "none" : holding.length} of them hold the recorded element`}`,
    delivery: "not_delivered",
    details: { kind: "replay_window_ambiguous", app, windows: candidates.map(windowSummary) },
    suggestion: "Close the other windows of the app, or replay from a later step with --from"
  })
})

/** The window of the app, now, that the locator's element belongs to. */
export const windowFor = (locator: Locator, options: { readonly timeoutMs: number }) =>
  chooseWindow(locator.app, locator.window, (window) => holdsIdentity(locator, window, options.timeoutMs))

/** Bind a locator: choose its window and save its identity as a ref of that window in `namespace`. */
export const bindLocator = Effect.fn("replay.bindLocator")(function*(
  locator: Locator,
  namespace: string,
  options: { readonly timeoutMs: number }
): Effect.fn.Return<Bound, DesktopError, DesktopAdapter | EventStore> {
  const window = yield* windowFor(locator, options)
  const snapshotId = newSnapshotId(randomBytes(8))
  yield* saveSnapshot(namespace, {
    snapshot_id: snapshotId,
    app: window.app_name,
    window: { id: window.id, title: window.title },
    refs: { "@e1": entryFor(locator, window) },
    counter: 1,
    complete: true,
    identity_unproven: false
  })
  return { ref: formatRef(snapshotId, 1), window }
})
