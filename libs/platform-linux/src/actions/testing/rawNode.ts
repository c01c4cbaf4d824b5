/** Test helper: a RawNode as a handler sees it after inspection (a visible, enabled push button unless told). */
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState, StateSet } from "../../atspi/States.js"
import type { RawNode } from "../../tree/RawNode.js"

export const stateSet = (...numbers: Array<number>): StateSet => {
  let low = 0
  let high = 0
  for (const n of numbers) {
    if (n < 32) low |= 1 << n
    else high |= 1 << (n - 32)
  }
  return StateSet.from([low >>> 0, high >>> 0])
}

export const visibleStates = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]

export const rawNode = (partial: Partial<RawNode>): RawNode => ({
  ref: { busName: ":1.2", path: "/x" },
  role: AtspiRole.pushButton,
  name: "",
  description: "",
  states: stateSet(...visibleStates),
  interfaces: ["Accessible", "Component"],
  childCount: 0,
  ...partial
})
