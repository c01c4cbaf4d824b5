/**
 * Which element a pointer event at a screen point would reach: `Component.GetAccessibleAtPoint` (screen
 * coordinates) from the window down, one level per call, until nothing deeper answers. The chain lets the engine
 * check that a ref's target is the element at its click point or an ancestor of it (a child of a button is fine;
 * a popover or a sibling on top is not).
 */
import type { ElementHandle } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { handleOf } from "../tree/RawNode.js"

const MAX_DEPTH = 64

export const hitTestChain = async (
  session: AtspiSession,
  window: ObjectRef,
  x: number,
  y: number,
  deadline: number
): Promise<ReadonlyArray<ElementHandle>> => {
  const chain: Array<ElementHandle> = [handleOf(window)]
  let current = window
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const left = Math.max(1, deadline - Date.now())
    const next = await Accessible.of(session, current).accessibleAtPoint(x, y, Math.min(left, 2000))
    if (isNullRef(next) || (next.busName === current.busName && next.path === current.path)) break
    chain.push(handleOf(next))
    current = next
  }
  return chain
}
