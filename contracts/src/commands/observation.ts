import { FindData, FindDataV2_1, FindDataV2_5 } from "../data/FindData.js"
import { GetData, IsData, ListDisplaysData, ListSurfacesData, ScreenshotData } from "../data/ObservationData.js"
import { SnapshotData, SnapshotDataV2_1, SnapshotDataV2_2, SnapshotDataV2_6 } from "../data/SnapshotData.js"
import { UnconfirmedData } from "../data/SystemData.js"
import { WatchData } from "../data/WatchData.js"
import { actionTimeout, bool, flag, int, list, oneOf, positional, ref, root, str, surface, windowTarget } from "./args.js"
import { defineCommand, LINUX } from "./CommandSpec.js"

const none = { positionals: [], flags: {} } as const

export const snapshot = defineCommand({
  name: "snapshot",
  replay: { as: "check", refusedWhen: { present: ["root"], reason: "a --root drill-down pages a container of an earlier snapshot" } },
  readOnly: true,
  savesSnapshot: true,
  summary: "Read a window's accessibility tree and save its refs",
  use: "Read a window before acting and whenever you need refs: its elements with refs, roles, names, values, states and actions.",
  description:
    "Read an app's accessibility tree. Interactive elements get refs (@<snapshot_id>:e<N>) that the action commands take. Take a fresh snapshot after the UI changes; read data.complete before treating the tree as whole.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    ...windowTarget,
    "interactive-only": flag(bool("Only elements that can get a ref, and their ancestors"), { short: "i", agentDefault: true }),
    compact: flag(bool("Collapse unnamed single-child group wrappers"), { agentDefault: true }),
    skeleton: flag(bool("The window's outline: about 40 nodes breadth first; a cut container has children_count and a ref for --root")),
    root,
    surface,
    "max-depth": flag(int("Depth of the printed tree; deeper containers carry children_count", { default: 64 })),
    "max-children": flag(int("Children printed per container (default 50 with -i, else all; 0 = all); a cut container gets a ref and a hint with the next page's command")),
    "children-from": flag(int("With --root: the root's children from this index (its next page)")),
    "include-bounds": flag(bool("Emit each node's bounds")),
    "timeout-ms": flag(int("Budget in ms; when spent, a partial snapshot", { default: 3000 })),
    ocr: flag(oneOf(["auto", "always", "never"], "Screen text (OCR) as ocr statictext nodes: auto = where the tree cannot explain the pixels (no usable tree, a canvas), always = the whole window too, never", "auto")),
    diff: flag(bool("Only what changed since the window's last snapshot (or --since): added, removed, changed elements; unchanged refs stay valid")),
    since: flag(str("With --diff: the snapshot to compare with (default: the window's last)")),
    "force-electron-a11y": flag(bool("Turn on renderer accessibility in Electron/Chromium apps first (Linux: chosen when the app starts, so this changes nothing; a window without it answers ACTION_NOT_SUPPORTED accessibility_inactive, saying how to restart the app)"), { agentHidden: true })
  },
  waitFor: true,
  agentTool: true,
  data: { "2.1": SnapshotDataV2_1, "2.2": SnapshotDataV2_2, "2.6": SnapshotDataV2_6, "2.7": SnapshotData }
})

export const find = defineCommand({
  name: "find",
  readOnly: true,
  savesSnapshot: true,
  summary: "Find elements by role, name, value, text or state",
  use: "Locate elements by role, name, value, text or state without reading the whole window (a row of a big table, a button by its label).",
  description: "Search the live tree for elements by role and/or text; returns matches with refs. With --text, text the tree does not have is looked for on the screen (OCR; --ocr).",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    role: flag(str("Role, canonical or alias (button, textbox, ...)")),
    name: flag(str("Accessible name (substring unless --exact)")),
    value: flag(str("Value (substring unless --exact)")),
    description: flag(str("Accessible description (substring unless --exact)")),
    // The agent profile prints no native ids, so agents have none to search by.
    "native-id": flag(str("Toolkit id (GTK widget name, AutomationId, ...)"), { agentHidden: true }),
    text: flag(str("Text contained in name, value, title or description of the subtree")),
    exact: flag(bool("Exact match (case-insensitive)")),
    ocr: flag(oneOf(["auto", "always", "never"], "With --text, search the screen too (OCR): auto = when no tree node has the text, always, never. Acting on an ocr match needs --headed", "auto")),
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
  data: { "2.1": FindDataV2_1, "2.5": FindDataV2_5, "2.7": FindData }
})

export const get = defineCommand({
  name: "get",
  replay: { as: "check" },
  readOnly: true,
  summary: "Read one property of a ref",
  use: "Read one property of an element (text, value, title, bounds, role, states), e.g. a result after an action.",
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
  replay: { as: "check" },
  readOnly: true,
  summary: "Test one state of a ref",
  use: "Check one state of an element (visible, enabled, checked, focused, expanded) before or after acting.",
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
  use: "See what the accessibility tree cannot show (images, canvas, layout): a PNG of a window, display or the screen.",
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a PNG of the whole screen, one display (--screen, a list-displays id) or a window's on-screen rectangle (decorations and whatever covers it included), written 0600 to PATH or returned as base64.",
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
  use: "an app's windows, dialogs, menus and tooltips, ids for snapshot's window_id",
  agentGroup: { tool: "list", value: "surfaces" },
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
  use: "displays, ids for screenshot's screen",
  agentGroup: { tool: "list", value: "displays" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the XRandR monitors, primary first; each id is what screenshot --screen takes; scale is 1.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  ...none,
  data: { "2.1": ListDisplaysData }
})

export const openSystemSurface = defineCommand({
  name: "open-system-surface",
  summary: "Open an OS shell surface",
  use: "Open a desktop shell surface (notification center, quick settings).",
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

export const watch = defineCommand({
  name: "watch",
  readOnly: true,
  summary: "Stream what happens in a window or app",
  use: "Follow a window or app for a while: dialogs and windows opening (with refs), focus, and the window's changes as diffs with refs, instead of snapshotting again and again.",
  description:
    "Watches a window (--window-id) or an app (--app: its windows, and those that open while it runs) and prints one envelope per event, one JSON line each, as it happens: a window, dialog, menu or other surface opening (with its kind and its snapshot, refs usable at once) or closing, focus moving, the app ending, and `changed`: the window's diff against the watch's last look (added, removed and changed elements with refs, the unchanged count; the whole snapshot when too much changed). The first event is what changed since the window's last snapshot. Event storms are coalesced (the window is read once the app is quiet, at most every 600 ms); where a toolkit may change things without an event the window is also read every --poll-ms. Ends after --timeout, after --count events, or when the window (app) is gone, with a last envelope that says why and, where nothing printed the events (an MCP call, a batch), carries them.",
  category: "observation",
  headed: "none",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    ...windowTarget,
    event: flag(list("Only these kinds (window-opened, window-closed, surface-appeared, surface-dismissed, focus-changed, app-terminated, changed); repeatable")),
    count: flag(int("Stop after this many events", { minimum: 1 })),
    timeout: flag(int("How long to watch, in ms", { default: 60000 }), { agentDefault: 10000 }),
    "poll-ms": flag(int("Where changes may come without an event, read the window this often (ms)", { default: 1000, minimum: 100 }), { agentHidden: true }),
    "interactive-only": flag(bool("Diffs and snapshots print elements with refs only (and their ancestors)"), { short: "i", agentDefault: true }),
    compact: flag(bool("Collapse unnamed single-child group wrappers"), { agentDefault: true })
  },
  data: { "2.7": WatchData }
})

export const OBSERVATION = [snapshot, find, get, is, screenshot, listSurfaces, listDisplays, openSystemSurface, watch] as const
