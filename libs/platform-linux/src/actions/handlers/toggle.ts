import { PlatformError } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
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

/**
 * A checked radio button cannot be unchecked: its action checks it again (Chromium 156 and Firefox ESR 153 answer
 * true and leave it checked, as GTK does), so the only way is to check another button of its group.
 */
export const uncheckingRadio = (node: RawNode): boolean => node.role === AtspiRole.radioButton && node.states.has(AtspiState.checked)

/** DoAction, then wait (bounded) until the checked state has flipped. */
export const toggle: ActionHandler<{ readonly kind: "toggle" }> = async ({ session, node, accessible, steps, deadline }) => {
  if (uncheckingRadio(node)) {
    throw new PlatformError({
      code: "ACTION_NOT_SUPPORTED",
      message: "a checked radio button cannot be unchecked: check another button of its group instead",
      details: { role: "radiobutton", toolkit_actions: node.actions ?? [] }
    })
  }
  const index = toggleActionIndex(node)
  if (index < 0) throw unsupported(node, "toggle")
  const wasChecked = node.states.has(AtspiState.checked)
  await doAction(session, steps, node, index, deadline)
  await settle(accessible, (states) => states.has(AtspiState.checked) !== wasChecked, deadline)
  return steps.all
}
