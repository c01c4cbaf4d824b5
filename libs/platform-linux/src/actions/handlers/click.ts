import type { DeliveryStep } from "@agent-desktop/platform"
import { AtspiState } from "../../atspi/States.js"
import { clickActionIndex } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { unsupported } from "../Failures.js"
import { pointerClick } from "../pointerClick.js"
import { selectInParent } from "../selectInParent.js"

/** How a click is delivered, in order of preference (the last two only when the first is not possible). */
export type ClickPath =
  | { readonly kind: "action"; readonly index: number }
  | { readonly kind: "select_in_parent" }
  | { readonly kind: "pointer" }
  | { readonly kind: "none" }

export const clickPath = (node: RawNode, headed: boolean): ClickPath => {
  const index = clickActionIndex(node)
  if (index >= 0) return { kind: "action", index }
  // A GTK notebook tab has no actions: clicking it means selecting it in its tab list.
  if (node.states.has(AtspiState.selectable)) return { kind: "select_in_parent" }
  return headed ? { kind: "pointer" } : { kind: "none" }
}

export const click: ActionHandler<{ readonly kind: "click" }> = async (context): Promise<ReadonlyArray<DeliveryStep>> => {
  const { session, node, steps, deadline } = context
  const path = clickPath(node, context.options.headed)
  switch (path.kind) {
    case "action":
      await doAction(session, steps, node, path.index, deadline)
      break
    case "select_in_parent":
      await selectInParent(session, steps, node, deadline)
      break
    case "pointer":
      await pointerClick(context)
      break
    case "none":
      throw unsupported(node, "click")
  }
  return steps.all
}
