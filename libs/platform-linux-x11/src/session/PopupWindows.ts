/**
 * A process's transient windows the X server shows now: menus, popovers, drop-downs, tooltips (override-redirect
 * windows, or windows typed as one by `_NET_WM_WINDOW_TYPE`), with their screen rectangles, through the X utilities
 * (one shell, one xwininfo and one xprop per visible window of the process). GTK 2 and GTK 4 keep their open menus
 * and popovers inside a window's accessible tree, so the X server is where a surface's being open shows.
 */
import type { PopupWindow } from "@agent-desktop/platform"
import { execFile } from "node:child_process"

const TRANSIENT_TYPES = ["MENU", "POPUP_MENU", "DROPDOWN_MENU", "TOOLTIP", "COMBO"]

const number = (text: string, label: string): number | undefined => {
  const match = new RegExp(`${label}:\\s+(-?\\d+)`).exec(text)
  return match ? Number(match[1]) : undefined
}

/** One window's xwininfo and xprop output (as the script prints them, separated by a tab) as a popup, or undefined. */
export const parsePopupWindow = (block: string): PopupWindow | undefined => {
  const overrideRedirect = /Override Redirect State:\s+yes/.test(block)
  const type = /_NET_WM_WINDOW_TYPE_([A-Z_]+)/.exec(block)?.[1]
  const transient = overrideRedirect || (type !== undefined && TRANSIENT_TYPES.includes(type))
  const [x, y, width, height] = [number(block, "Absolute upper-left X"), number(block, "Absolute upper-left Y"), number(block, "Width"), number(block, "Height")]
  if (!transient || x === undefined || y === undefined || width === undefined || height === undefined) return undefined
  // 1x1 helper windows (GTK's clipboard and input windows) show nothing.
  if (width <= 1 || height <= 1) return undefined
  return { x, y, width, height, ...(type === undefined ? {} : { type: type.toLowerCase() }) }
}

export const popupWindows = (pid: number, timeoutMs: number): Promise<ReadonlyArray<PopupWindow> | undefined> =>
  new Promise((resolve) => {
    if (!process.env["DISPLAY"] || !Number.isInteger(pid) || pid <= 0) return resolve(undefined)
    const script = `for w in $(xdotool search --onlyvisible --pid ${pid} 2>/dev/null); do xwininfo -id $w 2>/dev/null; xprop -id $w _NET_WM_WINDOW_TYPE 2>/dev/null; printf '\\036'; done`
    execFile("sh", ["-c", script], { timeout: Math.max(1, timeoutMs), encoding: "utf8" }, (error, stdout) => {
      if (error && !stdout) return resolve(undefined)
      resolve(String(stdout).split("\u001e").map(parsePopupWindow).filter((popup): popup is PopupWindow => popup !== undefined))
    })
  })
