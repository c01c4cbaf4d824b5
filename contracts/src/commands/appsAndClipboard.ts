import { LaunchData, LaunchDataV2_1, LaunchDataV2_3, ListAppsData, ListAppsDataV2_1 } from "../data/AppData.js"
import { ClipboardGetData } from "../data/ClipboardData.js"
import * as Flags from "../data/OperationFlags.js"
import * as Report from "../data/OperationReport.js"
import { FocusWindowData, ListWindowsData, ListWindowsDataV2_1 } from "../data/WindowInfo.js"
import { appFilter, bool, flag, int, list, oneOf, positional, signedInt, str, text, WINDOW_COORD_MAX, windowTarget } from "./args.js"
import { defineCommand, LINUX } from "./CommandSpec.js"

const PATH_MAX = { maxLength: 4096 }

export const clipboardGet = defineCommand({
  name: "clipboard-get",
  summary: "Read the clipboard",
  use: "read (format)",
  agentGroup: { tool: "clipboard", value: "get" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): reads the CLIPBOARD selection (incremental transfers included): text, image/png written to --out (default a 0600 file under the state root's tmp folder), or file URIs from text/uri-list.",
  category: "clipboard",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    format: flag(oneOf(["text", "auto", "image", "file-urls"], "What to read", "text")),
    out: flag(str("PNG file for an image (default: a private file in the session or state root)", PATH_MAX))
  },
  data: { "2.1": ClipboardGetData }
})

export const clipboardSet = defineCommand({
  name: "clipboard-set",
  replay: { as: "action" },
  summary: "Write the clipboard",
  use: "write text, an image or file_url",
  agentGroup: { tool: "clipboard", value: "set" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a small detached owner process takes the CLIPBOARD selection and serves the text, PNG or file URIs (INCR for large content) until anything else is copied, then exits; the content is read back through the X server.",
  category: "clipboard",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("text", text("Text to put on the clipboard"), false, true)],
  flags: {
    image: flag(str("PNG file to put on the clipboard (beats TEXT)", PATH_MAX)),
    "file-url": flag(list("Existing file to put on the clipboard as a URL; repeatable (beats TEXT)"))
  },
  operationReport: { target: "clipboard", flags: ["ok"], echoed: ["type"] },
  data: { "2.1": Flags.ClipboardSetFlags, "2.5": Report.ClipboardSetReport }
})

export const clipboardClear = defineCommand({
  name: "clipboard-clear",
  replay: { as: "action" },
  summary: "Clear the clipboard",
  use: "empty it",
  agentGroup: { tool: "clipboard", value: "clear" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the CLIPBOARD selection gets no owner (its owner, ours or an app's, lets go; our owner process exits); read back.",
  category: "clipboard",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {},
  operationReport: { target: "clipboard", flags: ["cleared"], echoed: [] },
  data: { "2.1": Flags.ClipboardClearFlags, "2.5": Report.ClipboardClearReport }
})

export const launch = defineCommand({
  name: "launch",
  replay: { as: "lifecycle" },
  summary: "Launch an application",
  use: "Start an app (or attach to it when it runs) and wait for its window.",
  description:
    "Launch an application and wait for its window. On Linux: APP is an executable path, a command on PATH or a desktop id (its Exec line); a running app of that name is attached to (ACTION_FAILED with --no-attach). The process starts in its own session; the command waits until it is on the accessibility registry with a window (exits first: APP_UNRESPONSIVE; shows no window: TIMEOUT). A process whose window is mapped but which stays off the registry for 2 s has no accessible tree: launch answers then, without a window, with a suggestion naming its toolkit's way to turn accessibility on (GTK 2 GTK_MODULES, Qt QT_LINUX_ACCESSIBILITY_ALWAYS_ON, Java's ATK wrapper, Chromium's --force-renderer-accessibility) and the pixel route (screenshot, --headed mouse-click --xy, press). --activate focuses the window through the window manager. --cdp [PORT] starts a Chromium-based app (Chromium, Chrome, Electron) with a DevTools endpoint on 127.0.0.1, or a Gecko app (Firefox) with its WebDriver BiDi endpoint, and reports it as `cdp` (with its protocol: devtools or webdriver-bidi) once it answers (a running app cannot gain one: ACTION_FAILED cdp_requires_fresh_launch; a port in use or an --arg with remote-debugging switches: INVALID_ARGS; no answer: ACTION_FAILED cdp_endpoint_unavailable). Through it, text goes into the browser's fields on AT-SPI refs without --headed. The endpoint has no authentication: any local process can drive the browser, its cookies and files through it while it runs, so give it a throwaway profile (--arg=--user-data-dir=DIR, Firefox --arg=--profile --arg=DIR; Google Chrome 136+ refuses the switch on its default profile).",
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("app", str("Application name or desktop id"), true)],
  flags: {
    timeout: flag(int("How long to wait for the app, in ms", { default: 30000 })),
    arg: flag(list("Argument for the app (--arg=-x for a dash); repeatable")),
    env: flag(list("Environment entry K=V; repeatable")),
    cwd: flag(str("Working directory", PATH_MAX)),
    "no-attach": flag(bool("Refuse to attach to a running instance")),
    activate: flag(bool("Bring the window to the front")),
    cdp: flag(int("DevTools or Firefox BiDi port (0/none: a free one)", { maximum: 65535 }), { syntax: "optional-value" })
  },
  agentTool: true,
  data: { "2.1": LaunchDataV2_1, "2.3": LaunchDataV2_3, "2.7": LaunchData }
})

export const closeApp = defineCommand({
  name: "close-app",
  replay: { as: "lifecycle" },
  summary: "Close an application",
  use: "Quit an app as its windows' close buttons would (force: kill it).",
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): graceful asks the window manager to close each of the app's windows (_NET_CLOSE_WINDOW, as their close buttons would); --force sends SIGTERM, then SIGKILL. An app without an accessibility tree is found by its process name and its window. Success once the process is gone, or once every window of it is gone while the process keeps running (a background service; details.process_running); a window left after 5 s (e.g. a save dialog): ACTION_FAILED. --force succeeds only once the process is gone. The session's shell, window manager, display server, buses and agent-desktop itself are never closed (INVALID_ARGS).",
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("app", str("Application name"), true)],
  flags: { force: flag(bool("SIGTERM, then SIGKILL, instead of a graceful close")) },
  agentTool: true,
  operationReport: { target: "app", flags: ["requested", "closed"], echoed: ["app", "method"] },
  data: { "2.1": Flags.CloseAppFlags, "2.5": Report.CloseAppReport }
})

export const listApps = defineCommand({
  name: "list-apps",
  readOnly: true,
  summary: "List running accessible applications",
  use: "running accessible apps (default; app filters by name)",
  agentGroup: { tool: "list", value: "apps", default: true },
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { app: flag(str("Only names containing this text")) },
  agentTool: true,
  data: { "2.1": ListAppsDataV2_1, "2.7": ListAppsData }
})

export const listWindows = defineCommand({
  name: "list-windows",
  readOnly: true,
  summary: "List windows",
  use: "open windows (app: only its)",
  agentGroup: { tool: "list", value: "windows" },
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { app: appFilter },
  agentTool: true,
  data: { "2.1": ListWindowsDataV2_1, "2.7": ListWindowsData }
})

/** What every window-manager operation (focus, resize, move, minimize, maximize, restore) does on Linux. */
const WINDOW_OPERATION =
  "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."

export const focusWindow = defineCommand({
  name: "focus-window",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Focus a window",
  use: "bring to the front",
  agentGroup: { tool: "window", value: "focus" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { ...windowTarget, title: flag(str("Window title (substring)")) },
  data: { "2.1": FocusWindowData }
})

export const resizeWindow = defineCommand({
  name: "resize-window",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Resize a window",
  use: "set width and height",
  agentGroup: { tool: "window", value: "resize" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { ...windowTarget, width: flag(int("New width", { minimum: 1, maximum: WINDOW_COORD_MAX })), height: flag(int("New height", { minimum: 1, maximum: WINDOW_COORD_MAX })) },
  operationReport: { target: "window", flags: ["resized"], echoed: ["width", "height"] },
  data: { "2.1": Flags.ResizeWindowFlags, "2.5": Report.ResizeWindowReport }
})

export const moveWindow = defineCommand({
  name: "move-window",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Move a window",
  use: "set x and y",
  agentGroup: { tool: "window", value: "move" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { ...windowTarget, x: flag(signedInt("New x", { minimum: -WINDOW_COORD_MAX, maximum: WINDOW_COORD_MAX })), y: flag(signedInt("New y", { minimum: -WINDOW_COORD_MAX, maximum: WINDOW_COORD_MAX })) },
  operationReport: { target: "window", flags: ["moved"], echoed: ["x", "y"] },
  data: { "2.1": Flags.MoveWindowFlags, "2.5": Report.MoveWindowReport }
})

export const minimize = defineCommand({
  name: "minimize",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Minimize a window",
  use: "minimize",
  agentGroup: { tool: "window", value: "minimize" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: windowTarget,
  operationReport: { target: "window", flags: ["minimized"], echoed: [] },
  data: { "2.1": Flags.MinimizeFlags, "2.5": Report.WindowStateReport }
})

export const maximize = defineCommand({
  name: "maximize",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Maximize a window",
  use: "maximize",
  agentGroup: { tool: "window", value: "maximize" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: windowTarget,
  operationReport: { target: "window", flags: ["maximized"], echoed: [] },
  data: { "2.1": Flags.MaximizeFlags, "2.5": Report.WindowStateReport }
})

export const restore = defineCommand({
  name: "restore",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Restore a window",
  use: "restore from minimized or maximized",
  agentGroup: { tool: "window", value: "restore" },
  description: WINDOW_OPERATION,
  category: "app-window",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: windowTarget,
  operationReport: { target: "window", flags: ["restored"], echoed: [] },
  data: { "2.1": Flags.RestoreFlags, "2.5": Report.WindowStateReport }
})

export const CLIPBOARD = [clipboardGet, clipboardSet, clipboardClear] as const
export const APPS_AND_WINDOWS = [
  launch, closeApp, listApps, listWindows, focusWindow, resizeWindow, moveWindow, minimize, maximize, restore
] as const
