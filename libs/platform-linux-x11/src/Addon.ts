/**
 * The compiled addon (`build/Release/agent_desktop_x11.node`, see `native/x11.c`), loaded on first use. A machine
 * where it was not built gets the reason from `build/addon-status.json` (which Debian packages were missing, or
 * the compiler's last lines) instead of a crash.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"

export interface AddonInfo {
  readonly display: string
  readonly screen_width: number
  readonly screen_height: number
  readonly root: number
  readonly xtest: boolean
  readonly shm: boolean
  readonly randr: boolean
  readonly xfixes: boolean
}

export interface RawMonitor {
  readonly name: string
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly primary: boolean
}

export interface RawProperty {
  readonly type: string
  readonly format: number
  readonly value: string | ReadonlyArray<number | string>
}

export interface RawGeometry {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  /** 0 unmapped, 1 unviewable, 2 viewable. */
  readonly map_state: number
  readonly override_redirect: boolean
}

/** The addon's functions; each is synchronous and throws an Error (with `code` X11_*) on failure. */
export interface X11Addon {
  readonly open: (display?: string) => AddonInfo
  readonly close: () => void
  readonly motion: (x: number, y: number) => boolean
  readonly button: (button: number, down: boolean) => boolean
  readonly key: (keycode: number, down: boolean) => boolean
  readonly queryPointer: () => { x: number; y: number; child: number; mask: number }
  readonly keysymFromName: (name: string) => number
  readonly findKeysym: (keysym: number) => { keycode: number; level: number } | null
  readonly bindSpare: (keysym: number) => number
  readonly unbind: (keycode: number) => boolean
  readonly captureRoot: (x: number, y: number, width: number, height: number) => {
    width: number
    height: number
    rows: Buffer
    shm: boolean
  }
  /** The region as a PNG encoded in the addon (zlib `level` 0-9; PNG filter 0 none, 2 up, 4 Paeth on every row). */
  readonly capturePng: (x: number, y: number, width: number, height: number, level: number, filter: 0 | 2 | 4) => {
    width: number
    height: number
    png: Buffer
    shm: boolean
  }
  /** Frees the shared-memory segment captures keep for the next one. */
  readonly captureRelease: () => void
  readonly monitors: () => ReadonlyArray<RawMonitor>
  readonly getProperty: (window: number, name: string) => RawProperty | null
  readonly clientMessage: (window: number, type: string, data: ReadonlyArray<number | string>) => boolean
  readonly geometry: (window: number) => RawGeometry
  readonly children: (window: number) => ReadonlyArray<number>
  /** The pid of the client owning the window (X-Resource QueryClientIds), -1 when the server cannot tell. */
  readonly windowPid: (window: number) => number
  readonly moveResize: (window: number, x: number, y: number, width: number, height: number) => boolean
  /** Convert a selection to `target`; null when nobody owns it or the owner refused the target. */
  readonly selectionGet: (selection: string, target: string, timeoutMs: number) => { type: string; data: Buffer | ReadonlyArray<string> } | null
  readonly selectionOwn: (selection: string) => boolean
  readonly selectionClear: (selection: string) => boolean
  readonly selectionOwner: (selection: string) => number
  /** Blocks, answering requests, until another client owns the selection. */
  readonly selectionServe: (selection: string, items: ReadonlyArray<{ target: string; type: string; data: Buffer }>) => "lost"
  readonly cursor: () => { x: number; y: number; width: number; height: number; name: string } | null
}

export type AddonLoad =
  | { readonly _tag: "Loaded"; readonly addon: X11Addon }
  | { readonly _tag: "Unavailable"; readonly reason: string; readonly missing: ReadonlyArray<string> }

export const packageRoot = (): string => {
  // Resolved through the package name so it also works from the CLI's single-file engine bundle.
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve("@agent-desktop/platform-linux-x11/package.json"))
}

let loaded: AddonLoad | undefined

export const loadAddon = (): AddonLoad => {
  if (loaded !== undefined) return loaded
  loaded = tryLoad()
  return loaded
}

const tryLoad = (): AddonLoad => {
  let root: string
  try {
    root = packageRoot()
  } catch (error) {
    return { _tag: "Unavailable", reason: `the X11 addon package is not installed: ${String(error)}`, missing: [] }
  }
  return loadFrom(root)
}

/** Load the addon built under `root` (the package directory), or say why it cannot be. */
export const loadFrom = (root: string): AddonLoad => {
  const binary = path.join(root, "build", "Release", "agent_desktop_x11.node")
  if (!existsSync(binary)) {
    const status = readStatus(path.join(root, "build", "addon-status.json"))
    const missing = status?.missing ?? []
    // No status file: the package's install script never ran (npm install --ignore-scripts, or scripts disabled).
    const why = status?.reason ?? "it was never built: its install script did not run (npm install --ignore-scripts?)"
    return {
      _tag: "Unavailable",
      reason: `the X11 input and capture addon is not built (${why}); install ${
        missing.length > 0 ? missing.join(" ") : "build-essential libx11-dev libxtst-dev libxext-dev libxrandr-dev libxfixes-dev"
      } and run npm rebuild @agent-desktop/platform-linux-x11`,
      missing
    }
  }
  try {
    const addon = createRequire(import.meta.url)(binary) as X11Addon
    return { _tag: "Loaded", addon }
  } catch (error) {
    return { _tag: "Unavailable", reason: `the X11 addon failed to load: ${(error as Error).message}`, missing: [] }
  }
}

const readStatus = (file: string): { missing?: ReadonlyArray<string>; reason?: string } | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { missing?: ReadonlyArray<string>; reason?: string }
  } catch {
    return undefined
  }
}
