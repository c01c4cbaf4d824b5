/**
 * What to tell an agent about a process that shows a window but never registered with the accessibility bus: its
 * toolkit's way to turn accessibility on where one exists (told from the libraries it loaded and its environment),
 * else — and always as the route that works right now — the pixel route (screenshot, pointer, keys).
 */
import { existsSync, readFileSync } from "node:fs"

export type NoTreeToolkit = "gtk2" | "gtk-bridge-off" | "qt" | "java" | "chromium" | "tk" | "xlib" | "unknown"

export interface ProcessFacts {
  /** /proc/PID/maps (the mapped files) */
  readonly maps: string
  /** /proc/PID/environ entries (NAME=value) */
  readonly environ: ReadonlyArray<string>
  /** /proc/PID/cmdline arguments */
  readonly cmdline: ReadonlyArray<string>
}

const has = (maps: string, pattern: RegExp) => pattern.test(maps)

/** The toolkit whose accessibility is missing, from what the process loaded (first match wins, most specific first). */
export const noTreeToolkit = (facts: ProcessFacts): NoTreeToolkit => {
  const { maps, environ, cmdline } = facts
  if (has(maps, /\/libjvm\.so/)) return "java"
  if (has(maps, /\/libcef\.so|\/libelectron|\/chrome(?:-sandbox)?$|\/chromium\/|\/electron\//m) || cmdline.some((arg) => /^--type=|^--remote-debugging/.test(arg))) {
    return "chromium"
  }
  if (has(maps, /\/libQt[56]Gui\.so/)) return "qt"
  if (has(maps, /\/libgtk-x11-2\.0\.so/)) return "gtk2"
  if (has(maps, /\/libgtk-(?:3|4)\.so|\/libgtk-4\.so/)) {
    // GTK 3 and 4 load their bridge themselves; only an environment that turns it off keeps them off the bus.
    return environ.some((entry) => /^NO_AT_BRIDGE=1$/.test(entry) || /^GTK_A11Y=none$/.test(entry)) ? "gtk-bridge-off" : "unknown"
  }
  if (has(maps, /\/libtk8\.\d\.so|\/libtk\.so/)) return "tk"
  if (has(maps, /\/libXaw|\/libXm\.so|\/libXt\.so/)) return "xlib"
  return "unknown"
}

const PIXEL_ROUTE =
  "meanwhile the pixel route works: screenshot (or screenshot --app), then --headed mouse-click --xy X,Y, and press / press --text for keys"

const RELAUNCH: Readonly<Record<NoTreeToolkit, string | undefined>> = {
  gtk2: "it is a GTK 2 app, which loads its accessibility bridge only as a module: close it and launch it again with --env GTK_MODULES=gail:atk-bridge",
  "gtk-bridge-off": "it is a GTK app started with its accessibility bridge turned off (NO_AT_BRIDGE=1 or GTK_A11Y=none): close it and launch it again without that variable",
  qt: "it is a Qt app, which may publish its tree only when asked: close it and launch it again with --env QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1",
  java: "it is a Java app, which needs the ATK wrapper (Debian package libatk-wrapper-java): close it and launch it again with --env JAVA_TOOL_OPTIONS=-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper",
  chromium: "it is Chromium-based, which chooses accessibility when it starts: close it and launch it again with --arg=--force-renderer-accessibility (or with --cdp to drive its pages through DevTools)",
  tk: undefined,
  xlib: undefined,
  unknown: undefined
}

/** Why there is no tree, and how to get one where its toolkit has a way. */
export const noTreeReason = (toolkit: NoTreeToolkit): string =>
  RELAUNCH[toolkit] ?? (toolkit === "tk"
    ? "it is a Tk app, and Tk has no accessibility support on Linux"
    : toolkit === "xlib"
    ? "it is an X toolkit app (Xaw/Motif), which has no accessibility support"
    : "its toolkit did not register with the accessibility bus")

/** One sentence: why there is no tree, how to get one (where its toolkit has a way), and the route that works now. */
export const noTreeAdvice = (toolkit: NoTreeToolkit): string => `${noTreeReason(toolkit)}; ${PIXEL_ROUTE}`

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8")
  } catch {
    return ""
  }
}

/** The facts /proc gives about `pid` (empty where they cannot be read: another user's process, or gone). */
export const processFacts = (pid: number): ProcessFacts => ({
  maps: read(`/proc/${pid}/maps`),
  environ: read(`/proc/${pid}/environ`).split("\0").filter(Boolean),
  cmdline: read(`/proc/${pid}/cmdline`).split("\0").filter(Boolean)
})

/**
 * The name an agent uses for a process without a tree: its executable's base name (what list-apps would not show).
 * A process that rewrote its title (Chromium's setproctitle) has one argument holding its whole command line, spaces
 * and all: its first word is the executable, unless that whole argument names an existing file.
 */
export const appNameOf = (cmdline: ReadonlyArray<string>, comm: string, exists: (file: string) => boolean = existsSync): string | undefined => {
  let argv0 = cmdline[0] ?? ""
  if (cmdline.length === 1 && /\s/.test(argv0) && !exists(argv0)) argv0 = argv0.split(/\s+/)[0] ?? ""
  const base = argv0.split("/").pop() ?? ""
  if (base !== "") return base
  return comm.trim() === "" ? undefined : comm.trim()
}

export const processAppName = (pid: number): string | undefined =>
  appNameOf(read(`/proc/${pid}/cmdline`).split("\0").filter(Boolean), read(`/proc/${pid}/comm`))

/**
 * Whether a process loaded the AT-SPI bridge and left it on: it will register with the accessibility bus, though
 * some (Chromium) only after their first window maps, late on a loaded machine.
 */
export const loadsAccessibilityBridge = (facts: ProcessFacts): boolean =>
  has(facts.maps, /\/libatk-bridge-2\.0\.so/) && !facts.environ.some((entry) => /^NO_AT_BRIDGE=1$/.test(entry) || /^GTK_A11Y=none$/.test(entry))
