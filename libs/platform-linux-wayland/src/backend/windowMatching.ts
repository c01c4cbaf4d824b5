/**
 * What the compositor-specific window backends (KWin scripting, agent-desktop's GNOME Shell extension, sway IPC)
 * share once a compositor has listed its windows: rectangle arithmetic, and which listed window an AT-SPI window is.
 */
import type { ScreenPoint } from "@agent-desktop/platform"

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export const contains = (r: Rect, p: ScreenPoint): boolean => p.x >= r.x && p.y >= r.y && p.x < r.x + r.width && p.y < r.y + r.height

export const intersection = (a: Rect, b: Rect): Rect => {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) }
}

/**
 * A compositor's window as far as matching goes: a window of a process, with its frame; `normal: false` marks what is
 * not an application window (panels, popups), where the compositor tells.
 */
export interface MatchableWindow {
  readonly normal?: boolean
  readonly pid: number
  readonly frame: Rect
}

/**
 * The one window of `pid` (titled `title` when it has several; the nearest to `bounds` among equals), or undefined
 * when that cannot be told. `titleOf` reads the compositor's title field.
 */
export const matchWindowOf = <W extends MatchableWindow>(
  windows: ReadonlyArray<W>,
  titleOf: (w: W) => string,
  pid: number | undefined,
  title: string,
  bounds?: Rect
): W | undefined => {
  const normal = windows.filter((w) => w.normal !== false)
  const mine = pid === undefined ? normal.filter((w) => titleOf(w) === title) : normal.filter((w) => w.pid === pid)
  if (mine.length <= 1) return mine[0]
  const titled = mine.filter((w) => titleOf(w) === title)
  if (titled.length === 1) return titled[0]
  if (bounds === undefined) return undefined
  const pool = titled.length > 0 ? titled : mine
  const distance = (w: W) => Math.abs(w.frame.x - bounds.x) + Math.abs(w.frame.y - bounds.y) + Math.abs(w.frame.width - bounds.width) + Math.abs(w.frame.height - bounds.height)
  const sorted = [...pool].sort((a, b) => distance(a) - distance(b))
  return distance(sorted[0]!) < distance(sorted[1]!) ? sorted[0] : undefined
}
