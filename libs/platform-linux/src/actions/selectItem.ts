import type { DeliveryStep } from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { AtspiState } from "../atspi/States.js"
import type { RawNode } from "../tree/RawNode.js"
import { doAction } from "./doAction.js"
import { reportedStatesOf } from "./liveStates.js"
import { selectInParent } from "./selectInParent.js"
import { settle } from "./settle.js"
import type { StepLog } from "./StepLog.js"

/** The step reported when the item already is selected: nothing is sent (nor journalled). */
const alreadySelected: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]

/** Where a selectable item is selected by its own "select" action (else its parent's Selection), or -1. */
export const ownSelectAction = (node: RawNode): number => (node.actions ?? []).indexOf("select")

/**
 * Selects a selectable item: by its own "select" action where it has one (Qt 5.15 items, whose toggle is aliased
 * to it: their containers have no Selection; Chromium's options), sent only while the item is not selected, since
 * Qt's toggles a selected item back off; else `Selection.SelectChild` on its parent.
 */
export const selectItem = async (session: AtspiSession, steps: StepLog, node: RawNode, deadline: number): Promise<ReadonlyArray<DeliveryStep>> => {
  const own = ownSelectAction(node)
  if (own < 0) return selectInParent(session, steps, node, deadline)
  if (node.states.has(AtspiState.selected)) return [...alreadySelected]
  await doAction(session, steps, node, own, deadline)
  await settle(reportedStatesOf(Accessible.of(session, node.ref), node.role), (states) => states.has(AtspiState.selected), deadline)
  return steps.all
}
