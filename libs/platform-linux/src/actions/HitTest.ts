/**
 * Which element a pointer event at a screen point would reach: `Component.GetAccessibleAtPoint` (screen
 * coordinates) from the window down, one level per call, until nothing deeper answers. The chain lets the engine
 * check that a ref's target is the element at its click point or an ancestor of it (a child of a button is fine;
 * a popover or a sibling on top is not). GTK 4.8 answers the deepest element at once (a button's label straight from
 * the window), so the deepest element's ancestors up to the window are added: the chain is always the element at
 * the point and everything that contains it.
 */
import { PlatformError, probeSession, type ElementHandle } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { handleOf } from "../tree/RawNode.js"
import { placementOf } from "../display/extentsPlacement.js"

const MAX_DEPTH = 64

export const hitTestChain = async (
  session: AtspiSession,
  window: ObjectRef,
  x: number,
  y: number,
  deadline: number
): Promise<ReadonlyArray<ElementHandle>> => {
  // GTK 4.8 and native Wayland clients answer GetAccessibleAtPoint in window coordinates (as their extents): take
  // the window's origin off; where it is unknown the point cannot be asked for at all.
  const ms = () => Math.max(1, Math.min(1500, deadline - Date.now()))
  const profile = await session.toolkits.profileOf(window.busName, ms())
  if (profile.extentsWindowRelative || probeSession().type === "wayland") {
    const title = await Accessible.of(session, window).name(ms())
    const placement = await placementOf(session, { ref: window, title }, ms())
    if (placement.kind === "unknown") {
      throw new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `no hit test at a screen point: ${placement.reason}`, details: { kind: "window_placement_unknown" } })
    }
    if (placement.kind === "window") {
      x -= placement.origin.x
      y -= placement.origin.y
    }
  }
  const chain: Array<ElementHandle> = [handleOf(window)]
  let current = window
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const left = Math.max(1, deadline - Date.now())
    const next = await Accessible.of(session, current).accessibleAtPoint(x, y, Math.min(left, 2000))
    if (isNullRef(next) || (next.busName === current.busName && next.path === current.path)) break
    chain.push(handleOf(next))
    current = next
  }
  const seen = new Set(chain)
  for (let depth = 0; depth < MAX_DEPTH && current.path !== window.path; depth++) {
    const left = Math.max(1, deadline - Date.now())
    const parent = await Accessible.of(session, current).parent(Math.min(left, 2000))
    if (isNullRef(parent) || parent.path === window.path) break
    current = { busName: current.busName, path: parent.path }
    const handle = handleOf(current)
    if (!seen.has(handle)) chain.push(handle)
    seen.add(handle)
  }
  return chain
}
