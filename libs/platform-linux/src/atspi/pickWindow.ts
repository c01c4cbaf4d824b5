import { PlatformError, type WindowInfo } from "@agent-desktop/platform"

/** What the choice looks at: the window as listed, and whether it says MODAL. */
export interface WindowCandidate {
  readonly info: WindowInfo
  readonly modal?: boolean
}

export const ambiguous = (windows: ReadonlyArray<WindowCandidate>, why: string) =>
  new PlatformError({
    code: "AMBIGUOUS_TARGET",
    message: `${why}; choose one with --window-id`,
    details: { candidates: windows.map((w) => ({ id: w.info.id, title: w.info.title })) }
  })

/**
 * `--app`'s window: its only one, else the only visible one, else the only visible modal one (input goes to a modal
 * dialog, not to the window it blocks: LibreOffice Calc 7.4's document kept ACTIVE under its "Keep current format"
 * alert, so the focus rule chose the blocked document), else the one the display server calls active (`active`,
 * display/sessionWindows.ts activeAmong: GTK 4.8 sets neither MODAL nor ACTIVE, so gnome-text-editor's Save As dialog
 * over its editor was AMBIGUOUS_TARGET while the X server had it active), else the only visible one its toolkit does
 * not pass over (`passedOver`: Chromium's untitled bubble frames, ToolkitProfile.untitledWindowsPassedOver), else the
 * only focused one; else AMBIGUOUS_TARGET.
 */
export const pickWindow = <W extends WindowCandidate>(
  windows: ReadonlyArray<W>,
  app: string,
  passedOver: (window: W) => boolean = () => false,
  active?: W
): W => {
  if (windows.length === 1) return windows[0]!
  const visible = windows.filter((w) => w.info.visible)
  if (visible.length === 1) return visible[0]!
  const modal = visible.filter((w) => w.modal === true)
  if (modal.length === 1) return modal[0]!
  if (active !== undefined && visible.includes(active)) return active
  const kept = visible.filter((w) => !passedOver(w))
  if (kept.length === 1) return kept[0]!
  const focused = windows.filter((w) => w.info.is_focused)
  if (focused.length === 1) return focused[0]!
  throw ambiguous(visible.length > 0 ? visible : windows, `${app} has ${windows.length} windows`)
}

/**
 * What `--app` should be told when `chosen` was taken among several visible windows: the rule that chose it (a modal
 * dialog blocks the others; the display server has it active; it is the one focused) and the others' ids. Undefined
 * when the app shows one window (nothing to say).
 */
export const choiceNote = <W extends WindowCandidate>(windows: ReadonlyArray<W>, chosen: W, app: string, byActiveWindow: boolean): string | undefined => {
  const visible = windows.filter((w) => w.info.visible)
  if (visible.length < 2 || !visible.includes(chosen)) return undefined
  const why = chosen.modal === true && visible.filter((w) => w.modal === true).length === 1
    ? "its modal dialog, which blocks the others"
    : byActiveWindow
    ? "the window the display server has active (where a person's keys go)"
    : chosen.info.is_focused
    ? "the one its toolkit says is focused"
    : "the only one its toolkit does not pass over"
  const others = visible.filter((w) => w !== chosen).map((w) => `${w.info.id} ("${w.info.title}")`).join(", ")
  return `${app} shows ${visible.length} windows; this is "${chosen.info.title}", ${why}; name another with --window-id: ${others}`
}
