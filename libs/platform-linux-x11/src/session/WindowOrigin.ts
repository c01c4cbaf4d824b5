/**
 * The screen position of a toplevel X window, for toolkits whose AT-SPI extents are relative to their window (GTK
 * 4.8 on X11 warns "Screen coordinates not supported" and reports window coordinates). One `xwininfo -root -tree`
 * (x11-utils); the window is matched by its exact title, and only an unambiguous match is used.
 */
import { execFile } from "node:child_process"

export interface Point {
  readonly x: number
  readonly y: number
}

/** Lines like `0x1000007 "GTK Demo": ("gtk4-demo" "Gtk4-demo")  790x590+0+0  +12+34` (the last pair is absolute). */
export const parseOrigins = (tree: string, title: string): ReadonlyArray<Point> => {
  const quoted = JSON.stringify(title)
  const out: Array<Point> = []
  for (const line of tree.split("\n")) {
    const trimmed = line.trim()
    const at = trimmed.indexOf(" ")
    if (at < 0 || !trimmed.slice(at + 1).startsWith(`${quoted}:`)) continue
    const match = /\s\+(-?\d+)\+(-?\d+)\s*$/.exec(trimmed)
    if (match) out.push({ x: Number(match[1]), y: Number(match[2]) })
  }
  return out
}

export const windowOrigin = (title: string, timeoutMs: number): Promise<Point | undefined> =>
  new Promise((resolve) => {
    if (!process.env["DISPLAY"] || title === "") return resolve(undefined)
    // In the C locale (no LANG, as under many service managers and CI runners) xwininfo cannot convert a UTF-8 title
    // and prints "(failure in conversion ...)" instead: a window titled "List Box — Controls" (gtk4-demo 4.8.3) was
    // never found, so every pointer action on its elements failed. The title is asked for in UTF-8.
    const env = { ...process.env, LC_ALL: "C.UTF-8" }
    execFile("xwininfo", ["-root", "-tree"], { timeout: timeoutMs, maxBuffer: 8 << 20, env }, (error, stdout) => {
      if (error) return resolve(undefined)
      const origins = parseOrigins(stdout, title)
      const distinct = new Set(origins.map((p) => `${p.x},${p.y}`))
      resolve(distinct.size === 1 ? origins[0] : undefined)
    })
  })
