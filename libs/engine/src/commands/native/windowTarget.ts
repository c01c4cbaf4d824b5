import { DesktopAdapter, type ManagedWindow, type NativeDesktopShape, type WindowInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { AmbiguousTarget, WindowNotFound } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"

/** The target flags of a window command (`--title` only on focus-window). */
export interface WindowTargetArgs {
  readonly app?: string
  readonly window_id?: string
  readonly title?: string
}

export interface WindowTargetPair {
  /** The accessibility window (its id is what the agent knows). */
  readonly info: WindowInfo
  /** The same window as the window manager manages it. */
  readonly managed: ManagedWindow
}

/** `--title` (substring, case-insensitive) among the windows of `--app` or of every app: exactly one. */
const byTitle = (title: string, app: string | undefined) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const windows = yield* adapter.listWindows(app).pipe(Effect.mapError(fromPlatformError))
    const wanted = title.toLowerCase()
    const matches = windows.filter((w) => w.title.toLowerCase().includes(wanted))
    if (matches.length === 1) return matches[0]!
    if (matches.length === 0) {
      return yield* new WindowNotFound({ message: `no window title contains '${title}'`, suggestion: "Run agent-desktop list-windows" })
    }
    return yield* new AmbiguousTarget({
      message: `${matches.length} windows have '${title}' in their title`,
      details: { candidates: matches.map((w) => ({ id: w.id, title: w.title, app_name: w.app_name })) },
      suggestion: "Pass --window-id with one of the candidates' ids"
    })
  })

/**
 * The window an operation targets (`--window-id`, `--app`, `--title`; neither: the focused window, as `resolveWindow`
 * chooses) and its window-manager counterpart, matched by process, title and bounds.
 */
export const resolveWindowTarget = (args: WindowTargetArgs, native: NativeDesktopShape) =>
  Effect.gen(function*() {
    const { app, window_id: windowId, title } = args
    const adapter = yield* DesktopAdapter
    const info = title !== undefined && windowId === undefined
      ? yield* byTitle(title, app)
      : yield* adapter.resolveWindow({ ...(app === undefined ? {} : { app }), ...(windowId === undefined ? {} : { windowId }) })
        .pipe(Effect.mapError(fromPlatformError))
    const managed = yield* native.findWindow({ pid: info.pid, title: info.title, ...(info.bounds ? { bounds: info.bounds } : {}) })
      .pipe(Effect.mapError(fromPlatformError))
    return { info, managed } satisfies WindowTargetPair
  })

export const windowTargetOf = (info: WindowInfo) => ({
  kind: "window" as const,
  id: info.id,
  title: info.title,
  process: { pid: info.pid, ...(info.process_instance === undefined ? {} : { process_instance: info.process_instance }) }
})
