/** Test helper: a RawNode as a handler sees it after inspection (a visible, enabled push button unless told). */
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState, StateSet } from "../../atspi/States.js"
import type { RawNode } from "../../tree/RawNode.js"

export const stateSet = (...numbers: Array<number>): StateSet =>
  numbers.reduce((set, state) => set.with(state), StateSet.from([0, 0]))

export const visibleStates = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]

const button: RawNode = {
  ref: { busName: ":1.2", path: "/x" }, role: AtspiRole.pushButton, name: "", description: "",
  states: stateSet(...visibleStates), interfaces: ["Accessible", "Component"], childCount: 0
}

export const rawNode = (partial: Partial<RawNode>): RawNode => ({ ...button, ...partial })
