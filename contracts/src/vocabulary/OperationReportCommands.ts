/**
 * The thirteen commands that return an OperationReport from 2.5 on, and what they printed before: the success flag
 * (always `true`) and the request fields they echo. Shared by the 2.5 schemas and by the 2.4 <-> 2.5 converter.
 */
export const OPERATION_REPORT_COMMANDS = {
  "mouse-click": { target: "pointer", flags: ["clicked"], echoed: ["x", "y", "count"] },
  "mouse-move": { target: "pointer", flags: ["moved"], echoed: ["x", "y"] },
  "mouse-wheel": { target: "pointer", flags: ["scrolled"], echoed: ["dy", "dx"] },
  hover: { target: "pointer", flags: ["hovered"], echoed: ["x", "y"] },
  drag: { target: "drag", flags: ["dragged"], echoed: ["from", "to"] },
  "clipboard-set": { target: "clipboard", flags: ["ok"], echoed: ["type"] },
  "clipboard-clear": { target: "clipboard", flags: ["cleared"], echoed: [] },
  "close-app": { target: "app", flags: ["requested", "closed"], echoed: ["app", "method"] },
  "move-window": { target: "window", flags: ["moved"], echoed: ["x", "y"] },
  "resize-window": { target: "window", flags: ["resized"], echoed: ["width", "height"] },
  minimize: { target: "window", flags: ["minimized"], echoed: [] },
  maximize: { target: "window", flags: ["maximized"], echoed: [] },
  restore: { target: "window", flags: ["restored"], echoed: [] }
} as const

export type OperationReportCommand = keyof typeof OPERATION_REPORT_COMMANDS

export const isOperationReportCommand = (command: string): command is OperationReportCommand =>
  Object.hasOwn(OPERATION_REPORT_COMMANDS, command)

/** Stateful ref actions that read their state back from 2.4 on. */
export const STATEFUL_REF_ACTIONS = [
  "set-value",
  "type",
  "clear",
  "check",
  "uncheck",
  "toggle",
  "expand",
  "collapse"
] as const
