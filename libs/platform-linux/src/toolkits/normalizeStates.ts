import type { Extents } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, type StateSet } from "../atspi/States.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

/**
 * The state set as the rest of the adapter reads it: a toolkit that never sets SHOWING (GTK 4.8) has its VISIBLE
 * nodes treated as showing, so their bounds are read and they are not reported offscreen; where a pressed push
 * button is a toggle button that is on (GTK 4.8), it is checked. `role` is the node's AT-SPI role where known.
 */
export const normalizeStates = (states: StateSet, profile: ToolkitProfile, role?: number): StateSet => {
  let out = profile.showingFromVisible && states.has(AtspiState.visible) ? states.with(AtspiState.showing) : states
  if (profile.pressedIsChecked && role === AtspiRole.pushButton && out.has(AtspiState.pressed)) {
    out = out.with(AtspiState.checked).with(AtspiState.checkable)
  }
  return out
}

/**
 * Where SHOWING was inferred from VISIBLE, an object with no on-screen area is not showing after all (GTK 4.8's
 * unrevealed search entry in gtk4-demo: VISIBLE, extents 0x0).
 */
export const confirmShowing = (states: StateSet, bounds: Extents | undefined, profile: ToolkitProfile): StateSet =>
  profile.showingFromVisible && (!bounds || bounds.width <= 0 || bounds.height <= 0) ? states.without(AtspiState.showing) : states
