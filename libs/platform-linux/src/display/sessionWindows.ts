/**
 * The display server's session facts for the adapter's promise-based code: the keyboard focus the key guards check
 * (`KeyboardFocusControl`, which tests stand in for). Window placement is `extentsPlacement.ts`.
 */
import type { KeyboardFocus, SessionWindows } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

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
