/**
 * The display server's session facts for the adapter's promise-based code: the keyboard focus the key guards check
 * (`KeyboardFocusControl`, which tests stand in for). Window placement is `extentsPlacement.ts`.
 */
import type { ActiveWindow, KeyboardFocus, SessionWindows } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

/** The window the display server calls active (ActiveWindow), or undefined when it cannot tell. */
export const activeWindow = (timeoutMs: number): Promise<ActiveWindow | undefined> =>
  Effect.runPromise(chooseDisplayServer().activeWindow(timeoutMs))

/**
 * Which of these windows is the one the display server calls active: the one of its process with its title, else
 * its process's only one. Undefined when none is (another app's window is active) or it cannot be told apart.
 */
export const activeAmong = <W extends { readonly info: { readonly pid: number; readonly title: string; readonly visible?: boolean } }>(
  windows: ReadonlyArray<W>,
  active: ActiveWindow | undefined
): W | undefined => {
  if (active === undefined) return undefined
  const owned = windows.filter((window) => window.info.pid === active.pid && window.info.visible !== false)
  const titled = owned.filter((window) => window.info.title.trim() === active.title.trim())
  if (titled.length === 1) return titled[0]
  return titled.length === 0 && owned.length === 1 ? owned[0] : undefined
}

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
