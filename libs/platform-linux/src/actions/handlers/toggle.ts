import { AtspiState } from "../../atspi/States.js"
import { clickActionIndex } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { unsupported } from "../Failures.js"
import { settle } from "../settle.js"

/** The toolkit's "toggle" action, else its click action; -1 when it has neither. */
export const toggleActionIndex = (node: RawNode): number => {
  const toggle = (node.actions ?? []).indexOf("toggle")
  return toggle >= 0 ? toggle : clickActionIndex(node)
}

/** Checked and half-way (a tri-state box: Qt reports a partial one as checked and indeterminate). */
const checkState = (states: { has(state: number): boolean }) => `${states.has(AtspiState.checked)}/${states.has(AtspiState.indeterminate)}`

/** DoAction, then wait (bounded) until the check state has changed. */
export const toggle: ActionHandler<{ readonly kind: "toggle" }> = async ({ session, node, accessible, steps, deadline }) => {
  const index = toggleActionIndex(node)
  if (index < 0) throw unsupported(node, "toggle", accessible.profile)
  const before = checkState(node.states)
  await doAction(session, steps, node, index, deadline)
  await settle(accessible, (states) => checkState(states) !== before, deadline)
  return steps.all
}
