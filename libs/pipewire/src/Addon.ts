/**
 * The compiled addon (`build/Release/agent_desktop_pipewire.node`, see `native/pipewire.c`), loaded on first use. A
 * machine where it was not built, or where libpipewire is not installed, gets the reason and the Debian packages
 * that would fix it (from `build/addon-status.json` or the loader's error) instead of a crash.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"

export interface RawFrame {
  readonly width: number
  readonly height: number
  /** The pixel format the node chose (SPA's short name: BGRx, RGBA, ...). */
  readonly format: string
  /** PNG scanlines: per row a filter byte 0, then R, G, B per pixel. */
  readonly rows: Buffer
}

/**
 * The addon's functions; synchronous and bounded by `timeoutMs`. Errors carry `code`: PW_CONNECT_FAILED,
 * PW_STREAM_FAILED, PW_TIMEOUT, PW_BAD_FORMAT, PW_BAD_ARGUMENT, PW_NO_MEMORY.
 */
export interface PipewireAddon {
  readonly captureFrame: (node: number, timeoutMs: number, region?: { x: number; y: number; width: number; height: number }) => RawFrame
  readonly libraryVersion: () => string
}

export type AddonLoad =
  | { readonly _tag: "Loaded"; readonly addon: PipewireAddon }
  | { readonly _tag: "Unavailable"; readonly reason: string; readonly missing: ReadonlyArray<string> }

/** What a Debian machine needs to build and run the addon. */
export const DEBIAN_PACKAGES = ["build-essential", "pkg-config", "libpipewire-0.3-dev"] as const

const packageRoot = (): string => {
  // Resolved through the package name so it also works from a single-file bundle.
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve("@agent-desktop/pipewire/package.json"))
}

const readStatus = (file: string): { reason?: string; missing?: Array<string> } | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { reason?: string; missing?: Array<string> }
  } catch {
    return undefined
  }
}

let loaded: AddonLoad | undefined

export const loadPipewireAddon = (): AddonLoad => {
  if (loaded !== undefined) return loaded
  let root: string
  try {
    root = packageRoot()
  } catch (error) {
    return (loaded = { _tag: "Unavailable", reason: `the PipeWire package (@agent-desktop/pipewire) is not installed: ${String(error)}`, missing: [] })
  }
  loaded = loadFrom(root)
  return loaded
}

/** Load the addon built under `root` (the package directory), or say why it cannot be. */
export const loadFrom = (root: string): AddonLoad => {
  const binary = path.join(root, "build", "Release", "agent_desktop_pipewire.node")
  if (!existsSync(binary)) {
    const status = readStatus(path.join(root, "build", "addon-status.json"))
    const missing = status?.missing ?? []
    return {
      _tag: "Unavailable",
      reason: `the PipeWire addon is not built (${status?.reason ?? "it was never built"}); install ${
        missing.length > 0 ? missing.join(" ") : DEBIAN_PACKAGES.join(" ")
      } and run npm rebuild @agent-desktop/pipewire`,
      missing
    }
  }
  try {
    return { _tag: "Loaded", addon: createRequire(import.meta.url)(binary) as PipewireAddon }
  } catch (error) {
    const message = (error as Error).message
    // The addon links libpipewire-0.3.so.0 dynamically: removing the library after the build shows up here.
    const library = /libpipewire-0\.3\.so[.\d]*: cannot open shared object file/.exec(message)
    return library !== null
      ? { _tag: "Unavailable", reason: `the PipeWire addon cannot load: ${library[0]} (install libpipewire-0.3-0)`, missing: ["libpipewire-0.3-0"] }
      : { _tag: "Unavailable", reason: `the PipeWire addon cannot load: ${message}`, missing: [] }
  }
}

/** The addon's error code (PW_...), when `error` came from it. */
export const addonErrorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" && code.startsWith("PW_") ? code : undefined
}
