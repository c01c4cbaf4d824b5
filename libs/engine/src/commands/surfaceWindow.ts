import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { AmbiguousTarget, PlatformNotSupported, WindowNotFound } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { surfacesOf } from "./surfaces.js"

/** The list-surfaces type each `--surface` kind means on Linux. */
const KIND_TYPES: Readonly<Record<string, ReadonlyArray<string>>> = {
  menu: ["menu"],
  alert: ["alert"],
  sheet: ["dialog"]
}

/**
 * `snapshot --surface KIND`: the window id of that surface of the app (the focused window's app without --app).
 * window: the app's window as usual; focused: the focused window; menu, alert, sheet (a dialog): the one such
 * showing surface (none: WINDOW_NOT_FOUND, several: AMBIGUOUS_TARGET); the shell kinds and popover/menubar
 * (inside windows on Linux, not surfaces): PLATFORM_NOT_SUPPORTED.
 */
export const surfaceWindowId = Effect.fnUntraced(function*(args: { readonly surface?: string; readonly app?: string }) {
  const { surface, app } = args
  if (surface === undefined || surface === "window") return undefined
  if (surface === "focused") {
    const adapter = yield* DesktopAdapter
    const windows = yield* adapter.listWindows(app).pipe(Effect.mapError(fromPlatformError))
    const focused = windows.find((w) => w.is_focused)
    if (!focused) return yield* new WindowNotFound({ message: `no focused window${app === undefined ? "" : ` of ${app}`}`, delivery: "not_delivered" })
    return focused.id
  }
  const types = KIND_TYPES[surface]
  if (types === undefined) {
    return yield* new PlatformNotSupported({
      message: `--surface ${surface} is not a Linux surface: shell surfaces have no common accessible API, and menubars and popovers live inside windows (snapshot the window)`,
      delivery: "not_delivered"
    })
  }
  const { surfaces } = yield* surfacesOf(app)
  const matches = surfaces.filter((s) => types.includes(s.type))
  if (matches.length === 1) return matches[0]!.id
  if (matches.length === 0) {
    return yield* new WindowNotFound({ message: `no ${surface} is open`, delivery: "not_delivered", suggestion: "Open it first (right-click, click its button), then snapshot" })
  }
  return yield* new AmbiguousTarget({
    message: `${matches.length} ${surface}s are open`,
    delivery: "not_delivered",
    details: { candidates: matches },
    suggestion: "Pass --window-id with one of the candidates' ids"
  })
})
