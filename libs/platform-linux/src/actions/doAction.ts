import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { RawNode } from "../tree/RawNode.js"
import { timeoutFor } from "./Deadline.js"
import { declined } from "./Failures.js"
import { step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/** `Action.DoAction(index)` on the node, labelled with the action's name; a decline is `ACTION_FAILED`. */
export const doAction = async (session: AtspiSession, steps: StepLog, node: RawNode, index: number, deadline: number): Promise<void> => {
  const name = node.actions?.[index] ?? String(index)
  const accessible = Accessible.of(session, node.ref)
  if (!(await step(steps, `Action.DoAction(${name})`, () => accessible.doAction(index, timeoutFor(deadline))))) {
    throw declined(steps, name)
  }
}
