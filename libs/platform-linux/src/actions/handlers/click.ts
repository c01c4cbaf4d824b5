import type { DeliveryStep } from "@agent-desktop/platform"
import { AtspiState } from "../../atspi/States.js"
import { screenExtents } from "../../toolkits/screenExtents.js"
import { clickActionIndex } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext, ActionHandler } from "../ActContext.js"
import { mouseClick } from "../DeviceEvents.js"
import { activateRow, focusedRowActivation } from "../activateRow.js"
import { doAction } from "../doAction.js"
import { unsupported } from "../Failures.js"
import { selectInParent } from "../selectInParent.js"
import { physical, step } from "../Step.js"

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

/** Headed only: a left click at the centre of the element's on-screen bounds. */
const pointerClick = async ({ session, node, steps, deadline }: ActContext): Promise<void> => {
  // GTK 4.8's extents are window-relative: screenExtents places them on the screen.
  const bounds = await screenExtents(session, node.ref, deadline).catch(() => undefined)
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) throw unsupported(node, "a pointer click (no on-screen bounds)")
  const x = Math.round(bounds.x + bounds.width / 2)
  const y = Math.round(bounds.y + bounds.height / 2)
  await step(steps, "DeviceEventController.GenerateMouseEvent(b1c)", mouseClick(session, x, y, deadline), physical)
}

export const click: ActionHandler<{ readonly kind: "click" }> = async (context): Promise<ReadonlyArray<DeliveryStep>> => {
  const { session, node, steps, deadline } = context
  const path = clickPath(node, context.options.headed)
  switch (path.kind) {
    case "action":
      // A row whose activation applies the list cursor's row (LibreOffice's popup lists): focused first.
      if (focusedRowActivation(node, context.accessible.profile) === path.index) await activateRow(session, steps, node, path.index, deadline)
      else await doAction(session, steps, node, path.index, deadline)
      break
    case "select_in_parent":
      await selectInParent(session, steps, node, deadline)
      break
    case "pointer":
      await pointerClick(context)
      break
    case "none":
      throw unsupported(node, "click", context.accessible.profile)
  }
  return steps.all
}
