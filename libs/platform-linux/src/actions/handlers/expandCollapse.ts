import type { DeliveryStep } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { normalizeStates } from "../../toolkits/normalizeStates.js"
import { expandActionIndex } from "../../tree/ContractNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { unsupported } from "../Failures.js"
import { deselectInParent } from "../selectInParent.js"
import { settle } from "../settle.js"

/** The step reported when an expandable element already is as asked: nothing is sent (nor journalled). */
const alreadyInState: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]

/**
 * expand and collapse: DoAction of the matching action, then wait (bounded) until the expanded state shows it. A
 * menu that is open while selected (profile `menusOpenWhileSelected`: its click action opens it and clicking again
 * leaves it open) is closed by its parent's `Selection.DeselectChild`.
 */
export const expandCollapse: ActionHandler<{ readonly kind: "expand" | "collapse" }> = async (
  { session, node, accessible, steps, deadline },
  action
) => {
  const want = action.kind === "expand"
  if (node.states.has(AtspiState.expandable) && node.states.has(AtspiState.expanded) === want) {
    return [...alreadyInState]
  }
  const profile = accessible.profile
  if (!want && profile.menusOpenWhileSelected === true && node.role === AtspiRole.menu) {
    await deselectInParent(session, steps, node, deadline, "collapse")
  } else {
    const index = expandActionIndex(node, want)
    if (index < 0) throw unsupported(node, action.kind, profile)
    await doAction(session, steps, node, index, deadline)
  }
  if (node.states.has(AtspiState.expandable)) {
    // Read the states as the tree does: a toolkit may say "expanded" only through another state.
    await settle(accessible, (states) => normalizeStates(states, profile, node.role).has(AtspiState.expanded) === want, deadline)
  }
  return steps.all
}
