import type { Extents } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, type StateSet } from "../atspi/States.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

/**
 * The state set as the rest of the adapter reads it: a toolkit that never sets SHOWING (GTK 4.8) has its VISIBLE
 * nodes treated as showing, so their bounds are read and they are not reported offscreen; where menus say they are
 * open only by SELECTED (LibreOffice's GTK menus), a menu is expandable and, while selected, expanded; where a pressed
 * push button is a toggle button that is on (GTK 4.8), it is checked. `role` is the node's AT-SPI role where known (a
 * state check made before the role is read passes none).
 */
export const normalizeStates = (states: StateSet, profile: ToolkitProfile, role?: number): StateSet => {
  let out = profile.showingFromVisible && states.has(AtspiState.visible) ? states.with(AtspiState.showing) : states
  if (profile.pressedIsChecked && role === AtspiRole.pushButton && out.has(AtspiState.pressed)) {
    out = out.with(AtspiState.checked).with(AtspiState.checkable)
  }
  if (profile.menusOpenWhileSelected && role === AtspiRole.menu) {
    out = out.with(AtspiState.expandable)
    if (out.has(AtspiState.selected)) out = out.with(AtspiState.expanded)
  }
  return out
}

/**
 * Where SHOWING was inferred from VISIBLE, an object with no on-screen area is not showing after all (GTK 4.8's
 * unrevealed search entry in gtk4-demo: VISIBLE, extents 0x0).
 */
export const confirmShowing = (states: StateSet, bounds: Extents | undefined, profile: ToolkitProfile): StateSet =>
  profile.showingFromVisible && (!bounds || bounds.width <= 0 || bounds.height <= 0) ? states.without(AtspiState.showing) : states

/**
 * A node a toolkit with hidden copies (`skipsHidden`) keeps out of reads: not VISIBLE, unless its state set is
 * DEFUNCT alone where the profile knows such containers hold live children.
 */
export const isHiddenCopy = (states: StateSet, profile: ToolkitProfile): boolean =>
  profile.skipsHidden && !states.has(AtspiState.visible) &&
  !(profile.defunctAloneIsLive === true && states.numbers().length === 1 && states.has(AtspiState.defunct))

/** An object of a `hiddenWithoutArea` role whose extents have no area: a hidden copy after all. */
export const hiddenForArea = (role: number, bounds: Extents | undefined, profile: ToolkitProfile): boolean =>
  profile.hiddenWithoutArea?.includes(role) === true && bounds !== undefined && (bounds.width <= 0 || bounds.height <= 0)

/** The interfaces as the adapter reads them: a Value the profile knows to be inert on this role is left out. */
export const normalizeInterfaces = (interfaces: ReadonlyArray<string>, role: number, profile: ToolkitProfile): ReadonlyArray<string> =>
  profile.inertValueRoles?.includes(role) === true && interfaces.includes("Value") ? interfaces.filter((name) => name !== "Value") : interfaces
