import Type from "typebox"
import { ActionResult, ActionResultV2_1 } from "../data/ActionResult.js"
import { SnapshotData, SnapshotDataV2_1, SnapshotDataV2_2, SnapshotDataV2_6 } from "../data/SnapshotData.js"
import { WaitForGone } from "../data/WaitForResult.js"
import { clientName } from "../schema/def.js"
import { actionTimeout, flag, int, NOTCHES_MAX, oneOf, positional, ref, text } from "./args.js"
import { type AgentGroupMember, defineCommand, LINUX, type PositionalSpec, type SupportStatus } from "./CommandSpec.js"

/**
 * A ref-resolving action prints its own result, or, with `--wait-for`, the snapshot it polled (carrying the result
 * under `after_action`), or the `--wait-for-gone` outcome.
 */
const withWaitFor = <R extends Parameters<typeof Type.Union>[0][number], S extends Parameters<typeof Type.Union>[0][number]>(result: R, snapshot: S, options: Record<string, unknown> = {}) =>
  Type.Union([result, snapshot, WaitForGone], options)

/**
 * Ref action data by version: 2.1 result, 2.2 partial snapshots, 2.4 readback details, 2.6 identity_unproven, 2.7 node sources. Shared
 * by sixteen commands, so the client flavour names it once.
 */
const refActionData = {
  "2.1": withWaitFor(ActionResultV2_1, SnapshotDataV2_1, clientName("RefActionData")),
  "2.2": withWaitFor(ActionResultV2_1, SnapshotDataV2_2, clientName("RefActionData")),
  "2.4": withWaitFor(ActionResult, SnapshotDataV2_2, clientName("RefActionData")),
  "2.6": withWaitFor(ActionResult, SnapshotDataV2_6, clientName("RefActionData")),
  "2.7": withWaitFor(ActionResult, SnapshotData, clientName("RefActionData"))
} as const

const refAction = <const N extends string>(
  name: N,
  summary: string,
  options: {
    readonly headed?: "none" | "optional" | "required"
    readonly support?: SupportStatus
    readonly stateful?: boolean
    readonly needsEnabled?: boolean
    readonly more?: ReadonlyArray<PositionalSpec>
    readonly flags?: Readonly<Record<string, ReturnType<typeof flag>>>
    readonly agentTool?: boolean
    readonly description?: string
    readonly use?: string
    readonly agentGroup?: AgentGroupMember
  } = {}
) =>
  defineCommand({
    name,
    summary,
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(options.use === undefined ? {} : { use: options.use }),
    ...(options.agentGroup === undefined ? {} : { agentGroup: options.agentGroup }),
    category: "ref-action",
    headed: options.headed ?? "optional",
    support: LINUX(options.support ?? "supported"),
    positionals: [ref, ...(options.more ?? [])],
    flags: { "timeout-ms": actionTimeout, ...options.flags },
    waitFor: true,
    ...(options.stateful === true ? { stateful: true } : {}),
    ...(options.needsEnabled === true ? { needsEnabled: true } : {}),
    ...(options.agentTool === false ? {} : { agentTool: true }),
    replay: { as: "action" },
    data: refActionData
  })

export const click = refAction("click", "Click (activate) an element", {
  use: "accessible activation (default)",
  agentGroup: { tool: "click", value: "click", default: true },
  needsEnabled: true
})
export const doubleClick = refAction("double-click", "Double-click an element (headed only)", {
  use: "double-click, physical",
  agentGroup: { tool: "click", value: "double" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.",
  headed: "required",
  agentTool: false
})
export const tripleClick = refAction("triple-click", "Triple-click an element (headed only)", {
  use: "triple-click, physical",
  agentGroup: { tool: "click", value: "triple" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.",
  headed: "required",
  agentTool: false
})
export const rightClick = refAction("right-click", "Right-click an element (headed only)", {
  use: "right-click, physical",
  agentGroup: { tool: "click", value: "right" },
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.",
  headed: "required",
  agentTool: false
})
export const type = refAction("type", "Type text into an element", {
  use: "Enter text into a text field as typing would.",
  stateful: true,
  needsEnabled: true,
  more: [positional("text", text("Text to type (may start with '-'; use -- before a text starting with --)"), true, true)]
})
export const setValue = refAction("set-value", "Set an element's value directly (text fields, sliders, spin buttons)", {
  use: "Set a text field's, slider's or spin button's value in one step.",
  stateful: true,
  needsEnabled: true,
  more: [positional("value", text("New value"), true, true)]
})
export const clear = refAction("clear", "Clear a text field", { stateful: true, needsEnabled: true, use: "Empty a text field." })
export const focus = refAction("focus", "Move keyboard focus to an element", { use: "Give an element the keyboard focus, e.g. before press." })
export const select = refAction("select", "Select an option of a list or combo box by its text", {
  use: "Choose an option of a list or combo box by its text.",
  needsEnabled: true,
  more: [positional("value", text("Option text"), true, true)]
})
export const toggle = refAction("toggle", "Toggle a check box, switch or toggle button", {
  stateful: true,
  needsEnabled: true,
  use: "flip (default)",
  agentGroup: { tool: "toggle", value: "toggle", default: true }
})
export const check = refAction("check", "Make sure a check box is checked (idempotent)", {
  stateful: true,
  needsEnabled: true,
  use: "make it checked",
  agentGroup: { tool: "toggle", value: "checked" }
})
export const uncheck = refAction("uncheck", "Make sure a check box is unchecked (idempotent)", {
  stateful: true,
  needsEnabled: true,
  use: "make it unchecked",
  agentGroup: { tool: "toggle", value: "unchecked" }
})
export const expand = refAction("expand", "Expand a tree node, combo box or disclosure", {
  stateful: true,
  needsEnabled: true,
  use: "open (default)",
  agentGroup: { tool: "expand", value: "expand", default: true }
})
export const collapse = refAction("collapse", "Collapse a tree node, combo box or disclosure", {
  stateful: true,
  needsEnabled: true,
  use: "close",
  agentGroup: { tool: "expand", value: "collapse" }
})
export const scroll = refAction("scroll", "Scroll an element", {
  use: "Scroll a container by wheel steps (physical: the server needs --headed).",
  description:
    "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): AT-SPI has no scroll action, so scroll needs --headed: wheel notches over the element's centre after the identity, focus and pointer actionability checks (POLICY_DENIED without it).",
  flags: {
    direction: flag(oneOf(["up", "down", "left", "right"], "Direction", "down")),
    amount: flag(int("Steps", { default: 3, minimum: 1, maximum: NOTCHES_MAX }))
  }
})
export const scrollTo = refAction("scroll-to", "Scroll an element into view", { use: "Bring an element that is offscreen into view." })

export const REF_ACTIONS = [
  click, doubleClick, tripleClick, rightClick, type, setValue, clear, focus, select, toggle, check, uncheck, expand,
  collapse, scroll, scrollTo
] as const

export { refActionData, withWaitFor }
