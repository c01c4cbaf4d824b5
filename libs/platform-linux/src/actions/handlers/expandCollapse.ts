import type { DeliveryStep } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import { expandActionIndex } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { doAction } from "../doAction.js"
import { reportedStatesOf } from "../liveStates.js"
import { unsupported } from "../Failures.js"
import { headedOnly } from "../headedOnly.js"
import { pointerAtCentre } from "../pointerAtCentre.js"
import { deselectInParent } from "../selectInParent.js"
import { settle } from "../settle.js"

/** The step reported when an expandable element already is as asked: nothing is sent (nor journalled). */
const alreadyInState: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]

/** How expand/collapse is delivered: the toolkit's action, a double-click on the row (headed), or not at all. */
export type ExpandPath =
  | { readonly kind: "action"; readonly index: number }
  | { readonly kind: "double_click" }
  | { readonly kind: "headed_only" }
  | { readonly kind: "none" }

export const expandPath = (node: RawNode, expand: boolean, profile: ToolkitProfile, headed: boolean): ExpandPath => {
  const index = expandActionIndex(node, expand)
  if (index >= 0) return { kind: "action", index }
  // Qt 5.15 tree rows: EXPANDABLE without any expand action; the view toggles a row on a double-click.
  if (profile.expandByDoubleClick && node.states.has(AtspiState.expandable)) return headed ? { kind: "double_click" } : { kind: "headed_only" }
  return { kind: "none" }
}

/**
 * expand and collapse: DoAction of the matching action (or a headed double-click), then wait (bounded) until the
 * expanded state shows it. A menu that is open while selected (profile `menusOpenWhileSelected`: its click action
 * opens it and clicking again leaves it open) is closed by its parent's `Selection.DeselectChild`.
 */
export const expandCollapse: ActionHandler<{ readonly kind: "expand" | "collapse" }> = async (
  { session, node, accessible, steps, deadline, options },
  action
) => {
  const want = action.kind === "expand"
  if (node.states.has(AtspiState.expandable) && node.states.has(AtspiState.expanded) === want) {
    return [...alreadyInState]
  }
  const profile = accessible.profile
  const path = !want && profile.menusOpenWhileSelected === true && node.role === AtspiRole.menu
    ? { kind: "deselect_menu" as const }
    : expandPath(node, want, profile, options.headed)
  switch (path.kind) {
    case "deselect_menu":
      await deselectInParent(session, steps, node, deadline, "collapse")
      break
    case "action":
      await doAction(session, steps, node, path.index, deadline)
      break
    case "double_click":
      await pointerAtCentre(session, steps, node, deadline, "b1d")
      break
    case "headed_only":
      throw headedOnly(
        `${action.kind === "expand" ? "expanding" : "collapsing"} this row`,
        "the toolkit offers no expand action on tree rows (their only action selects them)",
        "double-click the row, which toggles it",
        profile.id
      )
    case "none":
      throw unsupported(node, action.kind, profile)
  }
  if (node.states.has(AtspiState.expandable)) {
    // Read the states as a read reports them: a toolkit may say "expanded" only through another state.
    await settle(reportedStatesOf(accessible, node.role), (states) => states.has(AtspiState.expanded) === want, deadline)
  }
  return steps.all
}
