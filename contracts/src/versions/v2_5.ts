import { commandsAt } from "../commands/index.js"
import { OPERATION_REPORT_COMMANDS } from "../vocabulary/OperationReportCommands.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_4 } from "./v2_4.js"

/** Contract 2.5 (1.0.x docs): the declared breaking version. */
export const V2_5 = extendContract(V2_4, {
  version: "2.5",
  changes: [
    {
      id: "operation-report",
      description:
        "The thirteen OperationReport commands lose their success flags (clicked, moved, scrolled, hovered, dragged, resized, minimized, maximized, restored, closed, cleared, requested, and clipboard-set's inner ok); data is the adapter's report (action, disposition, steps?, post_state?, surfaces?, details?, target) plus echoed request fields.",
      breaking: true,
      commands: Object.keys(OPERATION_REPORT_COMMANDS)
    },
    {
      id: "bare-refs-rejected",
      description: "A bare @eN ref is rejected with INVALID_ARGS (exit 1); only @<snapshot_id>:e<N> is accepted.",
      breaking: true,
      commands: []
    },
    {
      id: "find-unnamed-and-context-bounds",
      description:
        "find: an element without an accessible name omits name (its content stays in value); a context match (ref_id null) carries bounds when the platform reports them.",
      breaking: true,
      commands: ["find"]
    },
    {
      id: "wait-for-after-delivered-operation",
      description:
        "A failed --wait-for after a delivered operation keeps the operation's delivery in error.disposition and carries the report under error.details.after_action.",
      breaking: false
    }
  ],
  commands: commandsAt("2.5")
})
