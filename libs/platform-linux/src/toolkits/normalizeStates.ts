import { AtspiState, type StateSet } from "../atspi/States.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

/**
 * The state set as the rest of the adapter reads it: a toolkit that never sets SHOWING (GTK 4.8) has its VISIBLE
 * nodes treated as showing, so their bounds are read and they are not reported offscreen.
 */
export const normalizeStates = (states: StateSet, profile: ToolkitProfile): StateSet =>
  profile.showingFromVisible && states.has(AtspiState.visible) ? states.with(AtspiState.showing) : states
