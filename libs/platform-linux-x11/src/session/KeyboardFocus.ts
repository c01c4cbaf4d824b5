/**
 * Which app's window holds the X keyboard focus, and giving it to another one, through xdotool (already needed by
 * `status`; the X11 addon has no XGetInputFocus/XSetInputFocus). Synthesized keys (XTEST) go to the focused X
 * window whatever AT-SPI's GrabFocus said: Firefox ESR 153 answered GrabFocus on a field with true and reported
 * it focused while Chromium's window kept the X focus, and the typed text landed in Chromium's field.
 */
import type { ActiveWindow, KeyboardFocus } from "@agent-desktop/platform"
import { execFile } from "node:child_process"

const run = (args: ReadonlyArray<string>, timeoutMs: number): Promise<{ ok: boolean; missing: boolean; stdout: string }> =>
  new Promise((resolve) => {
    execFile("xdotool", [...args], { timeout: Math.max(1, timeoutMs), encoding: "utf8" }, (error, stdout) => {
      const missing = (error as NodeJS.ErrnoException | null)?.code === "ENOENT"
      resolve({ ok: !error, missing, stdout: String(stdout ?? "") })
    })
  })

/** `xdotool getwindowfocus getwindowpid` prints the pid of the focused client window. */
export const parseFocusPid = (stdout: string): number | undefined => {
  const pid = Number(stdout.trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** The X focus, as far as it can be told: `unknown` when there is no display or no xdotool. */
export const keyboardFocus = async (timeoutMs: number): Promise<KeyboardFocus> => {
  if (!process.env["DISPLAY"]) return { kind: "unknown" }
  const result = await run(["getwindowfocus", "getwindowpid"], timeoutMs)
  if (result.missing) return { kind: "unknown" }
  const pid = result.ok ? parseFocusPid(result.stdout) : undefined
  return pid === undefined ? { kind: "none" } : { kind: "pid", pid }
}

/** `xdotool <window> getwindowpid getwindowname` prints the pid, then the title; undefined without a pid. */
export const parseActiveWindow = (stdout: string): ActiveWindow | undefined => {
  const newline = stdout.indexOf("\n")
  const pid = parseFocusPid(newline < 0 ? stdout : stdout.slice(0, newline))
  return pid === undefined ? undefined : { pid, title: newline < 0 ? "" : stdout.slice(newline + 1).replace(/\n$/, "") }
}

/**
 * The window the window manager calls active (`_NET_ACTIVE_WINDOW`: a modal dialog over its parent, what a person
 * types into); without a window manager that supports it (a bare Xvfb), the window with the X input focus.
 */
export const activeWindow = async (timeoutMs: number): Promise<ActiveWindow | undefined> => {
  if (!process.env["DISPLAY"]) return undefined
  const active = await run(["getactivewindow", "getwindowpid", "getwindowname"], timeoutMs)
  if (active.missing) return undefined
  if (active.ok) return parseActiveWindow(active.stdout)
  const focused = await run(["getwindowfocus", "getwindowpid", "getwindowname"], timeoutMs)
  return focused.ok ? parseActiveWindow(focused.stdout) : undefined
}

/**
 * The window to focus among a process's visible windows (`[xid, title]`): the one titled like the AT-SPI window,
 * else the only one; several untold apart: none.
 */
export const chooseWindow = (windows: ReadonlyArray<readonly [string, string]>, title: string): string | undefined => {
  const titled = windows.filter(([, name]) => name.trim() === title.trim())
  if (titled.length === 1) return titled[0]![0]
  return windows.length === 1 ? windows[0]![0] : undefined
}

const visibleWindows = async (pid: number, timeoutMs: number): Promise<ReadonlyArray<readonly [string, string]>> => {
  const found = await run(["search", "--onlyvisible", "--pid", String(pid)], timeoutMs)
  const xids = found.stdout.split("\n").map((line) => line.trim()).filter((line) => /^\d+$/.test(line))
  return Promise.all(xids.map(async (xid) => [xid, (await run(["getwindowname", xid], timeoutMs)).stdout.replace(/\n$/, "")] as const))
}

/** The window of `pid` titled `title` (else its only visible window); undefined when none can be told. */
export const windowOf = async (pid: number, title: string, timeoutMs: number): Promise<string | undefined> =>
  chooseWindow(await visibleWindows(pid, timeoutMs), title)

/**
 * Asks for the keyboard focus on one window: `_NET_ACTIVE_WINDOW` through the window manager (what a user's click
 * does), else, with no window manager to ask (a bare Xvfb), XSetInputFocus. False when both requests failed.
 */
export const focusWindow = async (xid: string, timeoutMs: number): Promise<boolean> => {
  if ((await run(["windowactivate", "--sync", xid], timeoutMs)).ok) return true
  return (await run(["windowfocus", "--sync", xid], timeoutMs)).ok
}
