import type { Accessible } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import type { StateSet } from "../atspi/States.js"
import { normalizeStates } from "../toolkits/normalizeStates.js"
import { expandsByPopup, popupStates } from "../tree/PopupState.js"

/** The popup menu child's states of a combo box, read live; undefined when it has none. */
const popupMenuStates = async (accessible: Accessible, timeoutMs: number): Promise<StateSet | undefined> => {
  const children = await accessible.children(timeoutMs)
  const roles = await Promise.all(children.map((child) => accessible.sibling(child.path).role(timeoutMs).catch(() => -1)))
  const menu = children[roles.indexOf(AtspiRole.menu)]
  return menu ? normalizeStates(await accessible.sibling(menu.path).states(timeoutMs), accessible.profile, AtspiRole.menu) : undefined
}

/**
 * A live node's states as a read reports them: the toolkit's normalisation (GTK 4.8: VISIBLE is showing, a pressed
 * push button is checked), and for a combo box whose popup is its menu child (GTK 3), expanded while that shows.
 * What a handler waits on after acting must be read the way the engine's read-back reads it, or it waits in vain.
 */
export const reportedLiveStates = async (accessible: Accessible, role: number, states: StateSet, timeoutMs: number): Promise<StateSet> => {
  const normalized = normalizeStates(states, accessible.profile, role)
  if (!expandsByPopup(role, normalized, accessible.profile)) return normalized
  const menu = await popupMenuStates(accessible, timeoutMs)
  return menu ? popupStates(normalized, menu) : normalized
}

/** A reader of the node's reported states, for `settle`. */
export const reportedStatesOf = (accessible: Accessible, role: number) => async (timeoutMs: number): Promise<StateSet> =>
  reportedLiveStates(accessible, role, await accessible.states(timeoutMs), timeoutMs)
