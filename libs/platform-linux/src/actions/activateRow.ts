import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { RawNode } from "../tree/RawNode.js"
import { timeoutFor } from "./Deadline.js"
import { doAction } from "./doAction.js"
import { declined } from "./Failures.js"
import { step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/**
 * The index of a row's "activate" action where the toolkit applies only the row under its list's cursor
 * (profile `activatesFocusedRow`): a selectable item with that action. -1 elsewhere.
 */
export const focusedRowActivation = (node: RawNode, profile: ToolkitProfile): number =>
  profile.activatesFocusedRow === true && node.states.has(AtspiState.selectable) ? (node.actions ?? []).indexOf("activate") : -1

/**
 * Moves the list's cursor to the row (`Component.GrabFocus`), then activates it: LibreOffice 7.4's popup lists
 * (the font size box's) apply the cursor's row on activation, so activating an unfocused row applied another one.
 */
export const activateRow = async (session: AtspiSession, steps: StepLog, row: RawNode, index: number, deadline: number): Promise<void> => {
  const accessible = Accessible.of(session, row.ref)
  if (!(await step(steps, "Component.GrabFocus", () => accessible.grabFocus(timeoutFor(deadline))))) throw declined(steps, "focusing the row")
  await doAction(session, steps, row, index, deadline)
}
