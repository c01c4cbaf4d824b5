import { PlatformError } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { clickActionIndex, isToggleable, mapRole } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { reportedStatesOf } from "../liveStates.js"
import { pointerAtCentre } from "../pointerAtCentre.js"
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

/** How a toggle is delivered: refused before anything is sent unless there is a checked state to change. */
export type TogglePath =
  | { readonly kind: "action"; readonly index: number }
  | { readonly kind: "pointer" }
  | { readonly kind: "headed_required" }
  | { readonly kind: "not_toggleable" }
  | { readonly kind: "radio_checked" }

export const togglePath = (node: RawNode, headed: boolean): TogglePath => {
  if (!isToggleable(node)) return { kind: "not_toggleable" }
  if (uncheckingRadio(node)) return { kind: "radio_checked" }
  const index = toggleActionIndex(node)
  if (index >= 0) return { kind: "action", index }
  // GTK 4.8 check buttons list no action at all: only a click on them toggles them.
  return headed ? { kind: "pointer" } : { kind: "headed_required" }
}

const notToggleable = (node: RawNode): PlatformError =>
  new PlatformError({
    code: "ACTION_NOT_SUPPORTED",
    message: `a ${mapRole(node)} has no checked state to toggle (no toggle action, not checkable); nothing was sent. Use click to activate it`,
    details: { role: mapRole(node), toolkit_actions: node.actions ?? [], interfaces: node.interfaces }
  })

/** Checked and half-way (a tri-state box: Qt reports a partial one as checked and indeterminate). */
const checkState = (states: { has(state: number): boolean }) => `${states.has(AtspiState.checked)}/${states.has(AtspiState.indeterminate)}`

/**
 * DoAction (or, headed, a pointer click where the toolkit offers no action), then wait (bounded) until the check
 * state has changed.
 */
export const toggle: ActionHandler<{ readonly kind: "toggle" }> = async (context) => {
  const { session, node, accessible, steps, deadline, options } = context
  const path = togglePath(node, options.headed)
  switch (path.kind) {
    case "not_toggleable":
      throw notToggleable(node)
    case "radio_checked":
      throw new PlatformError({
        code: "ACTION_NOT_SUPPORTED",
        message: "a checked radio button cannot be unchecked: check another button of its group instead",
        details: { role: "radiobutton", toolkit_actions: node.actions ?? [] }
      })
    case "headed_required":
      throw new PlatformError({
        code: "POLICY_DENIED",
        message: `this ${mapRole(node)} offers no AT-SPI action to toggle it (its toolkit lists none); re-run with --headed to click it with the pointer`,
        details: { headed_required: true, toolkit: accessible.profile.id }
      })
    case "action":
      await doAction(session, steps, node, path.index, deadline)
      break
    case "pointer":
      await pointerAtCentre(session, steps, node, deadline)
      break
  }
  const before = checkState(node.states)
  await settle(reportedStatesOf(accessible, node.role), (states) => checkState(states) !== before, deadline)
  return steps.all
}
