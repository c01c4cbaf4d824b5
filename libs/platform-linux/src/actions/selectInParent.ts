import type { DeliveryStep } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { RawNode } from "../tree/RawNode.js"
import { timeoutFor } from "./Deadline.js"
import { declined, lookupFailure } from "./Failures.js"
import { step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/** The element's parent and its index there: what Selection calls on the parent need. */
const placeInParent = async (session: AtspiSession, node: RawNode, deadline: number) => {
  const accessible = Accessible.of(session, node.ref)
  const [parentRef, position] = await Promise.all([
    accessible.parent(timeoutFor(deadline)),
    accessible.indexInParent(timeoutFor(deadline))
  ]).catch((error) => { throw lookupFailure(error, "the element") })
  return { parent: accessible.sibling(parentRef.path), position }
}

/** Selects a selectable item through its parent's Selection (`SelectChild` at the item's index in its parent). */
export const selectInParent = async (
  session: AtspiSession,
  steps: StepLog,
  node: RawNode,
  deadline: number
): Promise<ReadonlyArray<DeliveryStep>> => {
  const { parent, position } = await placeInParent(session, node, deadline)
  if (!(await step(steps, "Selection.SelectChild", () => parent.selectChild(position, timeoutFor(deadline))))) {
    throw declined(steps, "select")
  }
  return steps.all
}

/** Deselects an item through its parent's Selection (`DeselectChild`): how a menu opened by selection is closed. */
export const deselectInParent = async (
  session: AtspiSession,
  steps: StepLog,
  node: RawNode,
  deadline: number,
  what: string
): Promise<ReadonlyArray<DeliveryStep>> => {
  const { parent, position } = await placeInParent(session, node, deadline)
  if (!(await step(steps, "Selection.DeselectChild", () => parent.deselectChild(position, timeoutFor(deadline))))) {
    throw declined(steps, what)
  }
  return steps.all
}
