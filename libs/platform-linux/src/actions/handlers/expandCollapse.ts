import type { DeliveryStep } from "@agent-desktop/platform"
import { AtspiState } from "../../atspi/States.js"
import { expandActionIndex } from "../../tree/ContractNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { reportedStatesOf } from "../liveStates.js"
import { unsupported } from "../Failures.js"
import { settle } from "../settle.js"

/** The step reported when an expandable element already is as asked: nothing is sent (nor journalled). */
const alreadyInState: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]

/** expand and collapse: DoAction of the matching action, then wait (bounded) until the expanded state shows it. */
export const expandCollapse: ActionHandler<{ readonly kind: "expand" | "collapse" }> = async (
  { session, node, accessible, steps, deadline },
  action
) => {
  const want = action.kind === "expand"
  if (node.states.has(AtspiState.expandable) && node.states.has(AtspiState.expanded) === want) {
    return [...alreadyInState]
  }
  const index = expandActionIndex(node, want)
  if (index < 0) throw unsupported(node, action.kind)
  await doAction(session, steps, node, index, deadline)
  if (node.states.has(AtspiState.expandable)) {
    await settle(reportedStatesOf(accessible, node.role), (states) => states.has(AtspiState.expanded) === want, deadline)
  }
  return steps.all
}
