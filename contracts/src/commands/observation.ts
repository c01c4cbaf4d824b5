import { FindData, FindDataV2_1 } from "../data/FindData.js"
import { GetData, IsData, ListDisplaysData, ListSurfacesData, ScreenshotData } from "../data/ObservationData.js"
import { SnapshotData, SnapshotDataV2_1, SnapshotDataV2_2 } from "../data/SnapshotData.js"
import { UnconfirmedData } from "../data/SystemData.js"
import { actionTimeout, bool, flag, int, list, oneOf, positional, ref, root, str, surface, windowTarget } from "./args.js"
import { defineCommand, LINUX } from "./CommandSpec.js"

const none = { positionals: [], flags: {} } as const

export const snapshot = defineCommand({
  name: "snapshot",
  readOnly: true,
  savesSnapshot: true,
  summary: "Read a window's accessibility tree and save its refs",
  description:
    "Read an app's accessibility tree. Interactive elements get refs (@<snapshot_id>:e<N>) that the action commands take. Take a fresh snapshot after the UI changes; read data.complete before treating the tree as whole.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    ...windowTarget,
    "interactive-only": flag(bool("Only elements that can get a ref, and their ancestors"), { short: "i" }),
    compact: flag(bool("Collapse unnamed single-child group wrappers")),
    skeleton: flag(bool("The window's outline: about 40 nodes opened breadth first, depth min(max-depth, 3) (unnamed wrapper groups count no level); each cut container carries children_count and a ref to drill into with --root")),
    root,
    surface,
    "max-depth": flag(int("Depth of the printed tree; deeper containers carry children_count (the default prints whole windows)", { default: 64 })),
    "max-children": flag(int("Children printed per container (default 50 with -i, else all; 0 = all): the first ones, and the one holding the focus (else a selected one) if it lies further; a cut container gets a ref, children_count and a hint naming the shown range and the command for the next page")),
    "children-from": flag(int("With --root: print the root's children from this index (counted as the hint counts them, among the children these flags print): the next page of a cut container")),
    "include-bounds": flag(bool("Emit each node's bounds")),
    "timeout-ms": flag(int("Observation budget in ms; an exhausted full snapshot is a partial result", { default: 3000 })),
    "force-electron-a11y": flag(bool("Turn on renderer accessibility in Electron/Chromium apps first (Linux: it is chosen when the app starts and cannot be turned on later, so this changes nothing; a window with it off answers ACTION_NOT_SUPPORTED accessibility_inactive with how to restart the app)"))
  },
  waitFor: true,
  agentTool: true,
  data: { "2.1": SnapshotDataV2_1, "2.2": SnapshotDataV2_2, "2.6": SnapshotData }
})

export const find = defineCommand({
  name: "find",
  readOnly: true,
  savesSnapshot: true,
  summary: "Find elements by role, name, value, text or state",
  description: "Search the live tree for elements by role and/or text; returns matches with refs.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    role: flag(str("Role, canonical or alias (button, textbox, ...)")),
    name: flag(str("Accessible name (substring unless --exact)")),
    value: flag(str("Value (substring unless --exact)")),
    description: flag(str("Accessible description (substring unless --exact)")),
    "native-id": flag(str("Toolkit id (GTK widget name, AutomationId, ...)")),
    text: flag(str("Text contained in name, value, title or description of the subtree")),
    exact: flag(bool("Case-insensitive exact match instead of containment")),
    state: flag(list("State TOKEN[=true|false|1|0]; repeatable")),
    ...windowTarget,
    root,
    surface,
    count: flag(bool("Only count the matches")),
    first: flag(bool("Only the first match")),
    last: flag(bool("Only the last match")),
    nth: flag(int("Only the match at this 0-based index")),
    limit: flag(int("At most this many matches (0 = all)", { default: 50 })),
    "timeout-ms": flag(int("Traversal budget in ms", { default: 3000 }))
  },
  agentTool: true,
  data: { "2.1": FindDataV2_1, "2.5": FindData }
})

export const get = defineCommand({
  name: "get",
  readOnly: true,
  summary: "Read one property of a ref",
  description: "Read one property of an element.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [ref],
  flags: {
    property: flag(oneOf(["text", "value", "title", "bounds", "role", "states"], "Property to read", "text")),
    "timeout-ms": actionTimeout
  },
  agentTool: true,
  data: { "2.1": GetData }
})

export const is = defineCommand({
  name: "is",
  readOnly: true,
  summary: "Test one state of a ref",
  description: "Check one state of an element.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [ref],
  flags: {
    property: flag(oneOf(["visible", "enabled", "checked", "focused", "expanded"], "State to test", "visible")),
    "timeout-ms": actionTimeout
  },
  agentTool: true,
  data: { "2.1": IsData }
})

export const screenshot = defineCommand({
  name: "screenshot",
  readOnly: true,
  summary: "Capture a window or screen",
  description:
    "On Linux (X11; a Wayland session answers PLATFORM_NOT_SUPPORTED): a PNG of the whole screen, one display (--screen, a list-displays id) or a window's on-screen rectangle (decorations and whatever covers it included), written 0600 to PATH or returned as base64.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [positional("path", str("PNG file to write (base64 in data when omitted)", { maxLength: 4096 }), false)],
  flags: { ...windowTarget, screen: flag(int("Display index from list-displays (0 = primary)")) },
  data: { "2.1": ScreenshotData }
})

export const listSurfaces = defineCommand({
  name: "list-surfaces",
  readOnly: true,
  summary: "List an app's surfaces",
  description:
    "On Linux: the app's showing top-level accessible surfaces (the focused window's app without --app), each a window, dialog, alert, menu (a popup menu, with item_count) or tooltip; ids are window ids for snapshot --window-id.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: { app: windowTarget.app },
  data: { "2.1": ListSurfacesData }
})

export const listDisplays = defineCommand({
  name: "list-displays",
  readOnly: true,
  summary: "List displays",
  description:
    "On Linux (X11; a Wayland session answers PLATFORM_NOT_SUPPORTED): the XRandR monitors, primary first; each id is what screenshot --screen takes; scale is 1.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  ...none,
  data: { "2.1": ListDisplaysData }
})

export const openSystemSurface = defineCommand({
  name: "open-system-surface",
  summary: "Open an OS shell surface",
  description:
    "On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager; open them like any app (launch, press, click) and observe them with snapshot.",
  category: "observation",
  headed: "none",
  support: LINUX("not_applicable"),
  refusal: {
    linux: "open-system-surface has no Linux counterpart: shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager"
  },
  positionals: [positional("surface", str("Shell surface kind (notification-center, quick-settings, ...)"), true)],
  flags: {},
  unconfirmed: true,
  data: { "2.1": UnconfirmedData }
})

export const OBSERVATION = [snapshot, find, get, is, screenshot, listSurfaces, listDisplays, openSystemSurface] as const
