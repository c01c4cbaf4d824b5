/** Shared set-up and independent read-back for the desktop tests under headless sway. */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { probePath, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { globalExtents, toolkitOf, windowOrigin, type Rect } from "../src/Coordinates.js"
import type { SwayIpc, SwayWindow } from "../src/SwayIpc.js"

const here = fileURLToPath(new URL(".", import.meta.url))

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export const waitFor = async <A>(probe: () => A | undefined | Promise<A | undefined>, timeoutMs = 10_000): Promise<A | undefined> => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined || Date.now() > until) return value
    await sleep(50)
  }
}

const python = (desktop: RunningWaylandDesktop, script: string, args: ReadonlyArray<string>): Record<string, unknown> =>
  JSON.parse(execFileSync(systemPython, [script, ...args], { env: { ...process.env, ...desktop.env }, encoding: "utf8", timeout: 20_000 })) as Record<string, unknown>

/** libatspi's view (never our client): extents, focus, text. */
export const atspi = {
  extents: (desktop: RunningWaylandDesktop, app: string, role: string, name: string) =>
    python(desktop, join(here, "atspi_geometry.py"), ["extents", app, role, name]) as {
      node: { window: [number, number, number, number] }
      window: { name: string; window: [number, number, number, number] }
    },
  focus: (desktop: RunningWaylandDesktop, app: string, role: string, name: string) =>
    python(desktop, join(here, "atspi_geometry.py"), ["focus", app, role, name]).focused === true,
  text: (desktop: RunningWaylandDesktop, app: string, role: string, name: string) =>
    python(desktop, join(here, "atspi_geometry.py"), ["text", app, role, name]).text as string | null,
  states: (desktop: RunningWaylandDesktop, app: string, role: string, name: string) =>
    (python(desktop, probePath(), ["read", app, role, name]).states ?? []) as ReadonlyArray<string>,
  toolkit: (desktop: RunningWaylandDesktop, app: string) =>
    python(desktop, join(here, "atspi_geometry.py"), ["toolkit", app]) as { name: string; version: string }
}

/** sway's own client's view of its windows (swaymsg), to check ours against. */
export const swaymsg = (desktop: RunningWaylandDesktop, ...args: ReadonlyArray<string>): unknown =>
  JSON.parse(execFileSync("swaymsg", ["-s", desktop.env.SWAYSOCK!, "-r", ...args], { encoding: "utf8" }))

/** The app's own log lines (its stdout), the fixtures' record of what happened to them. */
export const appLog = (desktop: RunningWaylandDesktop, app: string): ReadonlyArray<string> => {
  const running = desktop.apps.find((a) => a.name === app)
  if (!running) throw new Error(`no app ${app}`)
  return readFileSync(running.logPath, "utf8").split("\n").filter((line) => line.length > 0)
}

export const windowOf = async (ipc: SwayIpc, app: string): Promise<SwayWindow> => {
  const found = await waitFor(async () => (await ipc.windows()).find((w) => w.appId === app || w.appId.endsWith(app)))
  if (!found) throw new Error(`no sway window for ${app}`)
  return found
}

/** Floats the app's window with its frame at (x, y), focused and on top of the tiled ones, and waits until sway placed it. */
export const floatAt = async (ipc: SwayIpc, app: string, x: number, y: number): Promise<SwayWindow> => {
  const window = await windowOf(ipc, app)
  await ipc.move(window.id, x, y)
  await ipc.focus(window.id)
  const placed = await waitFor(async () => {
    const now = await windowOf(ipc, app)
    return now.floating && now.focused && now.frame.x === x ? now : undefined
  })
  if (!placed) throw new Error(`sway did not float ${app} at ${x}, ${y}`)
  await sleep(150)
  return placed
}

/** A widget's global rectangle: sway's placement of its window + libatspi's window-relative extents. */
export const globalRect = (desktop: RunningWaylandDesktop, window: SwayWindow, app: string, role: string, name: string): Rect => {
  const geometry = atspi.extents(desktop, app, role, name)
  const kit = atspi.toolkit(desktop, app)
  const toolkit = toolkitOf(kit.name, kit.version)
  if (!toolkit) throw new Error(`unknown toolkit ${kit.name} ${kit.version}`)
  const [, , width, height] = geometry.window.window
  const content = {
    x: window.rect.x + window.windowRect.x,
    y: window.rect.y + window.windowRect.y,
    width: window.windowRect.width,
    height: window.windowRect.height
  }
  const origin = windowOrigin(toolkit, { content, centresSmallerFrame: !window.floating }, { width, height })
  const [x, y, w, h] = geometry.node.window
  return globalExtents(origin, { x, y, width: w, height: h })
}
