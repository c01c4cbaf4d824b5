import type { DeliveryStep } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { RawNode } from "../tree/RawNode.js"
import { timeoutFor } from "./Deadline.js"
import { declined, lookupFailure } from "./Failures.js"
import { step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/** Selects a selectable item through its parent's Selection (`SelectChild` at the item's index in its parent). */
export const selectInParent = async (
  session: AtspiSession,
  steps: StepLog,
  node: RawNode,
  deadline: number
): Promise<ReadonlyArray<DeliveryStep>> => {
  const accessible = Accessible.of(session, node.ref)
  const [parentRef, position] = await Promise.all([
    accessible.parent(timeoutFor(deadline)),
    accessible.indexInParent(timeoutFor(deadline))
  ]).catch((error) => { throw lookupFailure(error, "the element") })
  const parent = accessible.sibling(parentRef.path)
  if (!(await step(steps, "Selection.SelectChild", () => parent.selectChild(position, timeoutFor(deadline))))) {
    throw declined(steps, "select")
  }
  return steps.all
}
