/**
 * Every command, positional and flag of the reference (§1), as data. The parser reads this table; nothing else
 * about the command line lives in code. Kept free of imports so `version` and argument errors load nothing else.
 */

export type FlagType = "bool" | "string" | "int" | "list" | "xy" | "optional-int"

export interface FlagSpec {
  readonly type: FlagType
  readonly short?: string
  /** Integers may be negative (coordinates, wheel deltas). */
  readonly signed?: boolean
  /** Closed value set; anything else is a parse error. */
  readonly values?: ReadonlyArray<string>
}

export interface PositionalSpec {
  /** snake_case key in the parsed args (same keys as batch entries). */
  readonly key: string
  readonly required: boolean
  readonly type?: "string" | "int"
  /** The value may start with `-` (type TEXT, clipboard-set TEXT). */
  readonly allowDash?: boolean
}

export interface CommandSpec {
  readonly positionals: ReadonlyArray<PositionalSpec>
  readonly flags: Readonly<Record<string, FlagSpec>>
  readonly summary: string
  /** Accepts post-action `--wait-for` / `--wait-for-gone` (snapshot and the 19 ref-resolving actions). */
  readonly waitFor?: boolean
}

const b: FlagSpec = { type: "bool" }
const s: FlagSpec = { type: "string" }
const n: FlagSpec = { type: "int" }
const l: FlagSpec = { type: "list" }
const xy: FlagSpec = { type: "xy" }

const sn: FlagSpec = { type: "int", signed: true }
const oneOf = (...values: ReadonlyArray<string>): FlagSpec => ({ type: "string", values })

export const SURFACE_KINDS: ReadonlyArray<string> = [
  "window", "focused", "menu", "menubar", "sheet", "popover", "alert", "desktop", "taskbar", "system-tray",
  "system-tray-overflow", "quick-settings", "notification-center", "toolbar", "dock", "spotlight", "menu-bar-extras",
  "start-menu", "action-center"
]
const surface: FlagSpec = { type: "string", values: SURFACE_KINDS }

/** Sub-actions of the commands that take one as their first positional. */
export const SUB_ACTIONS: Readonly<Record<string, ReadonlyArray<string>>> = {
  session: ["start", "end", "list", "gc"],
  trace: ["show", "export"],
  skills: ["list", "get", "path"],
  "cursor-overlay": ["enable", "disable"]
}

const ref: PositionalSpec = { key: "ref_id", required: true }
const windowTarget = { app: s, "window-id": s }

const refAction = (summary: string, extra: Readonly<Record<string, FlagSpec>> = {}, more: ReadonlyArray<PositionalSpec> = []): CommandSpec => ({
  positionals: [ref, ...more],
  flags: { "timeout-ms": n, snapshot: s, ...extra },
  summary,
  waitFor: true
})

export const GLOBAL_FLAGS: Readonly<Record<string, FlagSpec>> = {
  verbose: { type: "bool", short: "v" },
  headed: b,
  session: s,
  "agent-id": s,
  trace: s,
  "trace-strict": b,
  "wait-for": { type: "string", short: "w" },
  "wait-for-gone": s,
  "wait-timeout": n,
  contract: s
}

export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  // Observation
  snapshot: {
    positionals: [],
    flags: {
      ...windowTarget,
      "interactive-only": { type: "bool", short: "i" },
      compact: b,
      skeleton: b,
      root: s,
      snapshot: s,
      surface,
      "max-depth": n,
      "include-bounds": b,
      "timeout-ms": n,
      "force-electron-a11y": b
    },
    summary: "Read a window's accessibility tree and save its refs",
    waitFor: true
  },
  find: {
    positionals: [],
    flags: {
      role: s, name: s, value: s, description: s, "native-id": s, text: s, exact: b, state: l,
      ...windowTarget, root: s, snapshot: s, surface,
      count: b, first: b, last: b, nth: n, limit: n, "timeout-ms": n
    },
    summary: "Find elements by role, name, value, text or state"
  },
  get: { positionals: [ref], flags: { property: oneOf("text", "value", "title", "bounds", "role", "states"), snapshot: s, "timeout-ms": n }, summary: "Read one property of a ref" },
  is: { positionals: [ref], flags: { property: oneOf("visible", "enabled", "checked", "focused", "expanded"), snapshot: s, "timeout-ms": n }, summary: "Test one state of a ref" },
  screenshot: { positionals: [{ key: "path", required: false }], flags: { ...windowTarget, screen: n }, summary: "Capture a window or screen" },
  "list-surfaces": { positionals: [], flags: { app: s }, summary: "List an app's surfaces" },
  "list-displays": { positionals: [], flags: {}, summary: "List displays" },
  "open-system-surface": { positionals: [{ key: "surface", required: true }], flags: {}, summary: "Open an OS shell surface" },
  // Ref actions
  click: refAction("Click an element"),
  "double-click": refAction("Double-click an element (headed)"),
  "triple-click": refAction("Triple-click an element (headed)"),
  "right-click": refAction("Right-click an element"),
  type: refAction("Type text into an element", {}, [{ key: "text", required: true, allowDash: true }]),
  "set-value": refAction("Set an element's value", {}, [{ key: "value", required: true, allowDash: true }]),
  clear: refAction("Clear an element's value"),
  focus: refAction("Focus an element"),
  select: refAction("Select an option", {}, [{ key: "value", required: true, allowDash: true }]),
  toggle: refAction("Toggle a check box or switch"),
  check: refAction("Check a check box (idempotent)"),
  uncheck: refAction("Uncheck a check box (idempotent)"),
  expand: refAction("Expand a disclosure"),
  collapse: refAction("Collapse a disclosure"),
  scroll: refAction("Scroll an element", { direction: oneOf("up", "down", "left", "right"), amount: n }),
  "scroll-to": refAction("Scroll an element into view"),
  // Keyboard
  press: {
    positionals: [{ key: "combo", required: true }],
    flags: { app: s, "window-id": s, force: b, "timeout-ms": n },
    summary: "Press a key combination",
    waitFor: true
  },
  "key-down": { positionals: [{ key: "combo", required: true }], flags: { force: b }, summary: "Hold a key (fails closed)" },
  "key-up": { positionals: [{ key: "combo", required: true }], flags: { force: b }, summary: "Release a key (fails closed)" },
  // Mouse
  hover: {
    positionals: [{ key: "ref_id", required: false }],
    flags: { xy, snapshot: s, duration: n, "timeout-ms": n },
    summary: "Move the pointer over an element or point (headed)",
    waitFor: true
  },
  drag: {
    positionals: [],
    flags: { from: s, "from-xy": xy, to: s, "to-xy": xy, duration: n, "drop-delay": n, snapshot: s, "timeout-ms": n },
    summary: "Drag between refs or points (headed)",
    waitFor: true
  },
  "mouse-move": { positionals: [], flags: { xy }, summary: "Move the pointer (headed)" },
  "mouse-click": { positionals: [], flags: { xy, button: oneOf("left", "right", "middle"), count: n, modifiers: l }, summary: "Click at a point (headed)" },
  "mouse-down": { positionals: [], flags: { xy, button: oneOf("left", "right", "middle"), modifiers: l }, summary: "Hold a mouse button (fails closed)" },
  "mouse-up": { positionals: [], flags: { xy, button: oneOf("left", "right", "middle"), modifiers: l }, summary: "Release a mouse button (fails closed)" },
  "mouse-wheel": { positionals: [], flags: { x: sn, y: sn, dy: sn, dx: sn, modifiers: l }, summary: "Scroll the wheel at a point (headed)" },
  // Clipboard
  "clipboard-get": { positionals: [], flags: { format: oneOf("text", "auto", "image", "file-urls"), out: s }, summary: "Read the clipboard" },
  "clipboard-set": { positionals: [{ key: "text", required: false, allowDash: true }], flags: { image: s, "file-url": l }, summary: "Write the clipboard" },
  "clipboard-clear": { positionals: [], flags: {}, summary: "Clear the clipboard" },
  // Apps and windows
  launch: {
    positionals: [{ key: "app", required: true }],
    flags: { timeout: n, arg: l, env: l, cwd: s, "no-attach": b, activate: b, cdp: { type: "optional-int" } },
    summary: "Launch an application"
  },
  "close-app": { positionals: [{ key: "app", required: true }], flags: { force: b }, summary: "Close an application" },
  "list-apps": { positionals: [], flags: { app: s }, summary: "List running applications" },
  "list-windows": { positionals: [], flags: { app: s }, summary: "List windows" },
  "focus-window": { positionals: [], flags: { ...windowTarget, title: s }, summary: "Focus a window" },
  "resize-window": { positionals: [], flags: { ...windowTarget, width: n, height: n }, summary: "Resize a window" },
  "move-window": { positionals: [], flags: { ...windowTarget, x: sn, y: sn }, summary: "Move a window" },
  minimize: { positionals: [], flags: windowTarget, summary: "Minimize a window" },
  maximize: { positionals: [], flags: windowTarget, summary: "Maximize a window" },
  restore: { positionals: [], flags: windowTarget, summary: "Restore a window" },
  // Notifications
  "list-notifications": { positionals: [], flags: { app: s, text: s, limit: n }, summary: "List notifications" },
  "dismiss-notification": {
    positionals: [{ key: "index", required: true, type: "int" }],
    flags: { app: s, "expected-app": s, "expected-title": s },
    summary: "Dismiss one notification"
  },
  "dismiss-all-notifications": { positionals: [], flags: { app: s }, summary: "Dismiss all notifications" },
  "notification-action": {
    positionals: [{ key: "index", required: true, type: "int" }, { key: "action", required: true }],
    flags: { "expected-app": s, "expected-title": s },
    summary: "Press a notification's action"
  },
  // System
  status: { positionals: [], flags: {}, summary: "Platform, permissions and state" },
  permissions: { positionals: [], flags: { request: b, guide: b }, summary: "Permission states" },
  version: { positionals: [], flags: {}, summary: "Binary version" },
  skills: {
    positionals: [{ key: "action", required: false }, { key: "name", required: false }, { key: "reference", required: false }],
    flags: { full: b },
    summary: "Embedded guides for agents (list, get NAME [REF], path)"
  },
  batch: { positionals: [{ key: "json", required: true, allowDash: true }], flags: { "stop-on-error": b, "timeout-ms": n }, summary: "Run several commands" },
  "cursor-overlay": { positionals: [{ key: "action", required: true }], flags: {}, summary: "Show or hide the agent cursor" },
  wait: {
    positionals: [{ key: "ms", required: false, type: "int" }],
    flags: {
      element: s, snapshot: s, predicate: oneOf("exists", "enabled", "visible", "actionable", "value"), value: s,
      action: oneOf("click", "type", "set-value", "clear"), window: s, text: s, count: n,
      menu: b, "menu-closed": b, notification: b,
      event: oneOf("window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed"), "window-id": s, app: s, timeout: n
    },
    summary: "Wait for an element, window, text or time"
  },
  session: {
    positionals: [{ key: "action", required: true }, { key: "session_id", required: false }],
    flags: { name: s, "no-trace": b, screenshots: b, "older-than": n, ended: b },
    summary: "Sessions: start, end [ID], list, gc"
  },
  trace: {
    positionals: [{ key: "action", required: true }],
    flags: { limit: n, event: s, out: s },
    summary: "Trace of the active session: show, export"
  }
}

export const COMMAND_NAMES: ReadonlyArray<string> = Object.keys(COMMANDS)
