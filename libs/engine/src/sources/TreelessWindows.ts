/**
 * Windows the accessibility bus does not know: top-level windows (the display server's list) of processes that
 * never registered with it — Tk, a GTK 2 app without its module, a Java app without the ATK wrapper. They exist for
 * an agent all the same: `list-windows` and `list-apps` name them with what can still serve them, and `snapshot`
 * reads them through the sources that can (OCR).
 */
import type { AppInfo, DesktopAdapterShape, ManagedWindow, NodeSource, PlatformError, TreeAvailability, WindowInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { noTreeReason, noTreeToolkit, processAppName, processFacts } from "../commands/native/noTreeAdvice.js"

const PREFIX = "x11-0x"

export const isTreelessWindowId = (id: string): boolean => id.startsWith(PREFIX)
export const treelessWindowId = (nativeId: number): string => `${PREFIX}${nativeId.toString(16)}`
export const nativeIdOf = (id: string): number => Number.parseInt(id.slice(PREFIX.length), 16)

/** The process's name as an agent names the app: its executable's base name (`wish8.6` -> also `wish`). */
export const processName = (pid: number): string => processAppName(pid) ?? `pid ${pid}`

/** The names an app without a tree answers to: its process name, without a version suffix too (`wish8.6`). */
export const appMatches = (name: string, query: string): boolean => {
  const wanted = query.toLowerCase()
  const own = name.toLowerCase()
  return own === wanted || own.replace(/[\d.]+$/, "") === wanted || own.includes(wanted)
}

/**
 * What can serve a window of a process that never registered, and the fix: the route that works now, then the
 * toolkit's own switch, told from what the process loaded (`launch` gives the same advice).
 */
export const availability = (sources: ReadonlyArray<NodeSource>, pid?: number): TreeAvailability => {
  const reason = noTreeReason(pid === undefined || pid <= 0 ? "unknown" : noTreeToolkit(processFacts(pid)))
  return {
    tree: "absent",
    sources,
    fix: sources.includes("ocr")
      ? `Read it with OCR (snapshot, find --text) and act on its text with --headed; ${reason}`
      : `This machine cannot read the screen's text (install tesseract-ocr tesseract-ocr-eng): use screenshot and --headed pointer input; ${reason}`
  }
}

export const windowInfoOf = (window: ManagedWindow, sources: ReadonlyArray<NodeSource>): WindowInfo => ({
  id: treelessWindowId(window.nativeId),
  title: window.title,
  app_name: window.pid === undefined ? "unknown" : processName(window.pid),
  pid: window.pid ?? 0,
  bounds: window.bounds,
  is_focused: window.focused,
  minimized: window.minimized,
  accessibility: availability(sources, window.pid)
})

/**
 * The managed windows of processes no accessibility app owns (a window without a pid cannot be told apart from its
 * owner's others, and is left out). Empty when the display server cannot list windows.
 */
export const treelessWindows = (inner: DesktopAdapterShape): Effect.Effect<ReadonlyArray<ManagedWindow>, PlatformError> =>
  Effect.gen(function*() {
    if (inner.native === undefined) return []
    const native = yield* inner.native().pipe(Effect.option)
    if (native._tag === "None") return []
    const windows = yield* native.value.listWindows().pipe(Effect.orElseSucceed(() => []))
    if (windows.length === 0) return []
    const registered = new Set((yield* inner.listApps().pipe(Effect.orElseSucceed((): ReadonlyArray<AppInfo> => []))).map((app) => app.pid))
    return windows.filter((window) => window.pid !== undefined && window.pid > 0 && window.pid !== process.pid && !registered.has(window.pid))
  })
