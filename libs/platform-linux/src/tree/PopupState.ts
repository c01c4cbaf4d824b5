/**
 * Combo boxes whose popup shows only through their menu child (profile `expandedFromPopup`: GTK 3 through
 * at-spi2-atk sets neither EXPANDABLE nor EXPANDED on a combo box; its menu child is SHOWING while the popup is open,
 * measured on the fixture's GtkComboBoxText and gtk3-widget-factory 3.24.38). Such a combo box reads as expandable,
 * and expanded while its menu shows: before, `expand` opened the popup and was then reported ACTION_FAILED because
 * the read-back never saw EXPANDED.
 */
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, type StateSet } from "../atspi/States.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { RawTree } from "./RawTree.js"

/** Whether a node of this role and states takes its expanded state from its popup menu child. */
export const expandsByPopup = (role: number, states: StateSet, profile: ToolkitProfile): boolean =>
  profile.expandedFromPopup === true && role === AtspiRole.comboBox && !states.has(AtspiState.expandable)

/** The combo box's states with its popup's: expandable, and expanded while the menu shows. */
export const popupStates = (states: StateSet, menu: StateSet): StateSet => {
  const expandable = states.with(AtspiState.expandable)
  return menu.has(AtspiState.showing) ? expandable.with(AtspiState.expanded) : expandable.without(AtspiState.expanded)
}

/** The popup menu among a node's children, if it has one. */
export const popupMenuOf = (tree: RawTree): RawTree | undefined =>
  tree.children?.find((child) => child.node.role === AtspiRole.menu)

/**
 * Marks the combo boxes of a read that take their state from their popup. The state itself is derived when the
 * tree is converted (Observed.ts), from the menu child's states as they are then: a warm process re-reads only the
 * menu when it opens (or only the combo box, without children, when its name changes), and the combo box must
 * follow. The mark needs no children for that reason; a combo box without a menu child keeps its own states.
 */
export const markPopups = (tree: RawTree, profile: ToolkitProfile): void => {
  if (expandsByPopup(tree.node.role, tree.node.states, profile)) tree.node.popupExpands = true
  for (const child of tree.children ?? []) markPopups(child, profile)
}

/** A tree's node with the states it is reported with (its popup's, where marked). */
export const reportedStates = (tree: RawTree): StateSet => {
  const menu = tree.node.popupExpands ? popupMenuOf(tree) : undefined
  return menu ? popupStates(tree.node.states, menu.node.states) : tree.node.states
}
