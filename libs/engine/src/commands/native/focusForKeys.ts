/**
 * `press --headed --app/--window-id`: keys go to whichever window is active, so the target window is made the
 * active one through the window manager first and verified (`_NET_ACTIVE_WINDOW`); a window the manager will not
 * activate is refused before any key is sent. Where that cannot be done at all (no native facet, a Wayland session,
 * no window manager, a window the manager does not list) it answers false and the adapter's own focus step applies.
 */
import { DesktopAdapter, type WindowInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { operateAndVerify } from "./windowOperation.js"

export const focusForKeys = (window: WindowInfo) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    if (adapter.native === undefined) return false
    const native = yield* adapter.native().pipe(Effect.option)
    if (native._tag === "None") return false
    const managed = yield* native.value.findWindow({ pid: window.pid, title: window.title, ...(window.bounds ? { bounds: window.bounds } : {}) })
      .pipe(Effect.option)
    if (managed._tag === "None") return false
    const hasManager = yield* native.value.readWindow(managed.value.nativeId).pipe(
      Effect.flatMap(() => native.value.operateWindow(managed.value.nativeId, { kind: "focus" })),
      Effect.as(true),
      Effect.catch((error) => error.details?.["kind"] === "no_window_manager" ? Effect.succeed(false) : Effect.fail(error)),
      Effect.option
    )
    if (hasManager._tag === "None" || !hasManager.value) return false
    yield* operateAndVerify(native.value, { info: window, managed: managed.value }, {
      operation: { kind: "focus" },
      label: "_NET_ACTIVE_WINDOW",
      satisfied: (w) => w.focused && !w.minimized,
      describe: () => ({ focused: true })
    }, true)
    return true
  })
