/**
 * The session facts the accessibility layer asks of X11, through the X utilities rather than the addon, so a
 * snapshot or a key press never loads native code: the keyboard focus and focusing a window (xdotool), a window's
 * screen origin (xwininfo), the owners of visible windows and the active one (xdotool), a process's popups. Each answers "cannot tell" without a display
 * or the tool, and then the caller acts as it would without the answer. Under XWayland they see X11 clients only.
 */
import type { SessionWindows } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { activeWindow, focusWindow, keyboardFocus, windowOf } from "./KeyboardFocus.js"
import { windowOrigin } from "./WindowOrigin.js"
import { popupWindows } from "./PopupWindows.js"
import { windowOwners } from "./WindowOwners.js"

export const x11SessionWindows: SessionWindows = {
  keyboardFocus: (timeoutMs) => Effect.promise(() => keyboardFocus(timeoutMs)),
  windowOfProcess: (pid, title, timeoutMs) => Effect.promise(() => windowOf(pid, title, timeoutMs)),
  focusWindow: (window, timeoutMs) => Effect.promise(() => focusWindow(window, timeoutMs)),
  // Only toolkits that answer window-relative extents on X11 (GTK 4.8) need the window's origin (xwininfo).
  extentsPlacement: (window, timeoutMs) =>
    !window.windowRelative
      ? Effect.succeed({ kind: "screen" as const })
      : Effect.promise(async () => {
        const origin = await windowOrigin(window.title, timeoutMs)
        return origin
          ? { kind: "window" as const, origin }
          : { kind: "unknown" as const, reason: `the X server lists no single window titled ${JSON.stringify(window.title)} to place its window-relative extents` }
      }),
  windowOwners: () => Effect.promise(() => windowOwners()),
  activeWindow: (timeoutMs) => Effect.promise(() => activeWindow(timeoutMs)),
  popupWindows: (pid, timeoutMs) => Effect.promise(() => popupWindows(pid, timeoutMs))
}
