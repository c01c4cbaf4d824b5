import Type from "typebox"
import { ActionResult, ActionResultV2_1 } from "../data/ActionResult.js"
import * as Flags from "../data/OperationFlags.js"
import * as Report from "../data/OperationReport.js"
import { SnapshotData, SnapshotDataV2_1, SnapshotDataV2_2, SnapshotDataV2_6 } from "../data/SnapshotData.js"
import { withWaitFor } from "./actions.js"
import { actionTimeout, CLICKS_MAX, DRAG_MS_MAX, flag, force, int, list, NOTCHES_MAX, oneOf, optionalRef, point, positional, signedInt, str, text, windowTarget } from "./args.js"
import { ALL_PLATFORMS, defineCommand, LINUX } from "./CommandSpec.js"

const combo = positional("combo", str("Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return"), true)
const button = flag(oneOf(["left", "right", "middle"], "Mouse button", "left"))
const modifiers = flag(list("Modifier held (ctrl, alt, shift, cmd); repeatable"))
const xy = flag(point("Screen point"), { syntax: "xy" })

/** Held-input commands always fail closed: no success envelope exists for them. */
const failsClosed = { "2.1": Type.Never() } as const

export const press = defineCommand({
  name: "press",
  replay: { as: "action", refusedWhen: { present: ["window_id"], absent: ["app"], reason: "it names a window by id, and window ids die with their window (name the app instead)" } },
  summary: "Press a key combination",
  use: "Press keys and shortcuts (ctrl+s, return, tab, escape) in the focused or given window.",
  description:
    "Press a key combination, e.g. ctrl+s or return, or type --text through the keyboard. The key is one of return, enter, escape, esc, tab, space, backspace, delete, up, down, left, right, home, end, pageup, pagedown, f1-f35, any single character (-, /, >, é, €; after -- when it starts with -), or any X keysym name (minus, slash, greater, ampersand, KP_Enter, XF86AudioMute; as X spells them, or differing only in case when that names one key); the layout's keys type it, and a character the layout lacks is bound to a spare key. --text types each character as its key (newline is Return, tab is Tab) into whatever holds the keyboard focus: the way into what takes no text through accessibility (terminals, Tk apps, canvases); the envelope and the trace never echo it. Dangerous combinations (ctrl+q, alt+f4, ctrl+alt+delete, ...) need --force. Keys go to the active window: with --app/--window-id, --headed makes that window the active one first (verified through the window manager); without --headed, while another app's window holds the keyboard focus, it is refused (POLICY_DENIED window_not_active), nothing sent.",
  category: "keyboard",
  headed: "optional",
  support: LINUX("supported"),
  positionals: [positional("combo", str("Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return, minus, ctrl+-; omit with --text"), false)],
  flags: {
    ...windowTarget,
    text: flag(text("Text to type through the keyboard instead of a combo (newline = Return, tab = Tab)")),
    force,
    "timeout-ms": actionTimeout
  },
  waitFor: true,
  agentTool: true,
  data: { "2.1": ActionResultV2_1, "2.4": ActionResult }
})

export const keyDown = defineCommand({
  name: "key-down",
  replay: { as: "refused", reason: "held keys always fail closed" },
  summary: "Hold a key (fails closed)",
  use: "Hold a key.",
  description:
    "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.",
  category: "keyboard",
  headed: "required",
  support: ALL_PLATFORMS("fail_closed"),
  positionals: [combo],
  flags: { force },
  data: failsClosed
})

export const keyUp = defineCommand({
  name: "key-up",
  replay: { as: "refused", reason: "held keys always fail closed" },
  summary: "Release a key (fails closed)",
  use: "Release a held key.",
  description:
    "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.",
  category: "keyboard",
  headed: "required",
  support: ALL_PLATFORMS("fail_closed"),
  positionals: [combo],
  flags: { force },
  data: failsClosed
})

export const hover = defineCommand({
  name: "hover",
  replay: { as: "action", refusedWhen: { absent: ["ref_id"], reason: "it hovers a screen point, not an element" } },
  summary: "Move the pointer over an element or point (headed only)",
  use: "move the pointer over a ref or xy",
  agentGroup: { tool: "mouse", value: "hover" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): moves the pointer to --xy, or to a ref's centre after its identity is proven, its window focused and the pointer actionability checks pass; verified by reading the pointer back.",
  category: "mouse",
  headed: "required",
  support: LINUX("supported"),
  positionals: [optionalRef],
  flags: {
    xy,
    duration: flag(int("Hold time in ms; only 0 is accepted (a positive duration is refused)"), { agentHidden: true }),
    "timeout-ms": actionTimeout
  },
  waitFor: true,
  operationReport: { target: "pointer", flags: ["hovered"], echoed: ["x", "y"] },
  data: {
    "2.1": withWaitFor(Flags.HoverFlags, SnapshotDataV2_1),
    "2.2": withWaitFor(Flags.HoverFlags, SnapshotDataV2_2),
    "2.5": withWaitFor(Report.HoverReport, SnapshotDataV2_2),
    "2.6": withWaitFor(Report.HoverReport, SnapshotDataV2_6),
    "2.7": withWaitFor(Report.HoverReport, SnapshotData)
  }
})

export const drag = defineCommand({
  name: "drag",
  replay: { as: "action", refusedWhen: { absent: ["from", "to"], reason: "it drags from or to a screen point, not between elements" } },
  summary: "Drag between refs or points (headed only)",
  use: "Drag and drop between refs or screen points (physical: the server needs --headed).",
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): left button down at the source, moved in steps over --duration, held over the target for --drop-delay, then released (always). Ref endpoints pass the identity, focus and actionability checks; points on no display are INVALID_ARGS.",
  category: "mouse",
  headed: "required",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    from: flag(str("Ref to drag from")),
    "from-xy": flag(point("Point to drag from"), { syntax: "xy" }),
    to: flag(str("Ref to drop on")),
    "to-xy": flag(point("Point to drop on"), { syntax: "xy" }),
    duration: flag(int("Movement time in ms", { default: 300, maximum: DRAG_MS_MAX })),
    "drop-delay": flag(int("Pause before releasing, in ms", { default: 500, maximum: DRAG_MS_MAX })),
    "timeout-ms": actionTimeout
  },
  waitFor: true,
  operationReport: { target: "drag", flags: ["dragged"], echoed: ["from", "to"] },
  data: {
    "2.1": withWaitFor(Flags.DragFlags, SnapshotDataV2_1),
    "2.2": withWaitFor(Flags.DragFlags, SnapshotDataV2_2),
    "2.5": withWaitFor(Report.DragReport, SnapshotDataV2_2),
    "2.6": withWaitFor(Report.DragReport, SnapshotDataV2_6),
    "2.7": withWaitFor(Report.DragReport, SnapshotData)
  }
})

export const mouseMove = defineCommand({
  name: "mouse-move",
  replay: { as: "refused", reason: "it acts on a screen point, not an element" },
  summary: "Move the pointer (headed only)",
  use: "move the pointer to xy",
  agentGroup: { tool: "mouse", value: "move" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST motion to a global screen point, verified by reading the pointer back. A point on no display is INVALID_ARGS, nothing sent.",
  category: "mouse",
  headed: "required",
  support: LINUX("supported"),
  positionals: [],
  flags: { xy },
  operationReport: { target: "pointer", flags: ["moved"], echoed: ["x", "y"] },
  data: { "2.1": Flags.MouseMoveFlags, "2.5": Report.MouseMoveReport }
})

export const mouseClick = defineCommand({
  name: "mouse-click",
  replay: { as: "refused", reason: "it acts on a screen point, not an element" },
  summary: "Click at a point (headed only)",
  use: "click at xy (button, count, modifiers)",
  agentGroup: { tool: "mouse", value: "click" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST button presses at a global screen point, modifiers held throughout and always released. Focuses nothing and cannot prove which app got the click (delivered_unverified). A point on no display is INVALID_ARGS, nothing sent.",
  category: "mouse",
  headed: "required",
  support: LINUX("supported"),
  positionals: [],
  flags: { xy, button, count: flag(int("Clicks: 2 = double, 3 = triple", { default: 1, minimum: 1, maximum: CLICKS_MAX })), modifiers },
  operationReport: { target: "pointer", flags: ["clicked"], echoed: ["x", "y", "count"] },
  data: { "2.1": Flags.MouseClickFlags, "2.5": Report.MouseClickReport }
})

export const mouseDown = defineCommand({
  name: "mouse-down",
  replay: { as: "refused", reason: "it acts on a screen point, not an element" },
  summary: "Hold a mouse button (fails closed)",
  use: "Hold a mouse button.",
  description:
    "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release.",
  category: "mouse",
  headed: "required",
  support: ALL_PLATFORMS("fail_closed"),
  positionals: [],
  flags: { xy, button, modifiers },
  data: failsClosed
})

export const mouseUp = defineCommand({
  name: "mouse-up",
  replay: { as: "refused", reason: "it acts on a screen point, not an element" },
  summary: "Release a mouse button (fails closed)",
  use: "Release a held mouse button.",
  description:
    "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release.",
  category: "mouse",
  headed: "required",
  support: ALL_PLATFORMS("fail_closed"),
  positionals: [],
  flags: { xy, button, modifiers },
  data: failsClosed
})

export const mouseWheel = defineCommand({
  name: "mouse-wheel",
  replay: { as: "refused", reason: "it acts on a screen point, not an element" },
  summary: "Scroll the wheel at a point (headed only)",
  use: "wheel steps dy/dx at x,y",
  agentGroup: { tool: "mouse", value: "wheel" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): wheel notches (X buttons 4-7) at the point; dy > 0 scrolls up, dx > 0 left. A point on no display is INVALID_ARGS.",
  category: "mouse",
  headed: "required",
  support: LINUX("supported"),
  positionals: [],
  flags: {
    x: flag(signedInt("Screen x (required)")),
    y: flag(signedInt("Screen y (required)")),
    dy: flag(signedInt("Vertical steps, positive = up", { default: -3, minimum: -NOTCHES_MAX, maximum: NOTCHES_MAX })),
    dx: flag(signedInt("Horizontal steps, positive = left", { default: 0, minimum: -NOTCHES_MAX, maximum: NOTCHES_MAX })),
    modifiers
  },
  operationReport: { target: "pointer", flags: ["scrolled"], echoed: ["dy", "dx"] },
  data: { "2.1": Flags.MouseWheelFlags, "2.5": Report.MouseWheelReport }
})

export const KEYBOARD = [press, keyDown, keyUp] as const
export const MOUSE = [hover, drag, mouseMove, mouseClick, mouseDown, mouseUp, mouseWheel] as const
