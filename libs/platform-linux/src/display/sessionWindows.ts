/**
 * The display server's session facts for the adapter's promise-based code: a window's screen origin (toolkits
 * whose AT-SPI extents are window-relative) and the keyboard focus the key guards check (`KeyboardFocusControl`,
 * which tests stand in for).
 */
import type { KeyboardFocus, ScreenPoint, SessionWindows } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

export const windowOrigin = (title: string, timeoutMs: number): Promise<ScreenPoint | undefined> =>
  Effect.runPromise(chooseDisplayServer().windowOrigin(title, timeoutMs))

/** What the keyboard-focus guard asks of the display server. */
export interface KeyboardFocusControl {
  readonly focus: (timeoutMs: number) => Promise<KeyboardFocus>
  readonly windowOf: (pid: number, title: string, timeoutMs: number) => Promise<string | undefined>
  readonly focusWindow: (window: string, timeoutMs: number) => Promise<boolean>
}

export const keyboardFocusControl = (windows: SessionWindows = chooseDisplayServer()): KeyboardFocusControl => ({
  focus: (timeoutMs) => Effect.runPromise(windows.keyboardFocus(timeoutMs)),
  windowOf: (pid, title, timeoutMs) => Effect.runPromise(windows.windowOfProcess(pid, title, timeoutMs)),
  focusWindow: (window, timeoutMs) => Effect.runPromise(windows.focusWindow(window, timeoutMs))
})
