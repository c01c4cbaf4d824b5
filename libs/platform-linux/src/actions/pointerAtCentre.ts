/**
 * Headed only: one pointer event at the centre of an element's on-screen bounds, as one physical step — the
 * adapter's own pointer fallbacks (a click on an element with no action, a Qt combo box's popup item, a Qt tree
 * row's double-click). Before the event, the element must be what its parent finds at that point
 * (`GetAccessibleAtPoint` on the parent: the element or something inside it): a row scrolled out of its view, or a
 * sibling drawn over it, is refused with nothing sent, instead of clicking whatever is there. (The engine's pointer
 * commands on refs — double-click, right-click, hover, drag — run the fuller check of pointerActionability.)
 */
import { PlatformError } from "@agent-desktop/platform"
import { Accessible, isNullRef, type Extents } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { screenExtents } from "../toolkits/screenExtents.js"
import { backendClick, clickStep } from "../display/inputDelivery.js"
import type { RawNode } from "../tree/RawNode.js"
import { timeoutFor } from "./Deadline.js"
import { mouseClick } from "./DeviceEvents.js"
import { unsupported } from "./Failures.js"
import { physical, step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

const MAX_DEPTH = 16
const same = (a: ObjectRef, b: ObjectRef) => a.busName === b.busName && a.path === b.path

const sameBox = (a: Extents | undefined, b: Extents | undefined) =>
  a !== undefined && b !== undefined && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height

/**
 * Whether the parent's hit test at (x, y) — in the coordinates its extents use — lands on `target` or inside it.
 * Qt 5.15 answers a hit test on an item view's cell with a new object path for the same cell, so an object with the
 * target's role, name and extents counts as the target.
 */
const landsOn = async (session: AtspiSession, target: ObjectRef, x: number, y: number, deadline: number): Promise<boolean> => {
  const self = Accessible.of(session, target)
  const parent = await self.parent(timeoutFor(deadline))
  if (isNullRef(parent)) return false
  const parentRef = { busName: target.busName, path: parent.path }
  const [role, name, box] = await Promise.all([self.role(timeoutFor(deadline)), self.name(timeoutFor(deadline)), self.extents(timeoutFor(deadline))])
  const isTarget = async (at: ObjectRef) => {
    if (same(at, target)) return true
    const other = Accessible.of(session, at)
    const [otherRole, otherName, otherBox] = await Promise.all([other.role(timeoutFor(deadline)), other.name(timeoutFor(deadline)), other.extents(timeoutFor(deadline))])
    return otherRole === role && otherName === name && sameBox(otherBox, box)
  }
  let hit = await Accessible.of(session, parentRef).accessibleAtPoint(x, y, timeoutFor(deadline))
  for (let depth = 0; depth < MAX_DEPTH && !isNullRef(hit); depth++) {
    const at = { busName: target.busName, path: hit.path }
    if (same(at, parentRef)) return false
    if (await isTarget(at)) return true
    hit = await Accessible.of(session, at).parent(timeoutFor(deadline))
  }
  return false
}

export const pointerAtCentre = async (
  session: AtspiSession,
  steps: StepLog,
  node: RawNode,
  deadline: number,
  event: "b1c" | "b1d" = "b1c"
): Promise<void> => {
  const what = `a pointer ${event === "b1d" ? "double-click" : "click"}`
  // GTK 4.8's extents are window-relative: screenExtents places them on the screen.
  const bounds = await screenExtents(session, node.ref, deadline).catch(() => undefined)
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) throw unsupported(node, `${what} (no on-screen bounds)`)
  const x = Math.round(bounds.x + bounds.width / 2)
  const y = Math.round(bounds.y + bounds.height / 2)
  // The hit test asks in the toolkit's own coordinates (window-relative on GTK 4.8): the offset screenExtents added.
  const own = await Accessible.of(session, node.ref).extents(timeoutFor(deadline)).catch(() => undefined)
  const dx = own ? bounds.x - own.x : 0
  const dy = own ? bounds.y - own.y : 0
  const lands = await landsOn(session, node.ref, x - dx, y - dy, deadline).catch(() => false)
  if (!lands) {
    throw new PlatformError({
      code: "ACTION_FAILED",
      message: `${what} at ${x},${y} would not land on the element: its parent finds something else there (it may be scrolled out of view or covered)`,
      details: { actionable: false, point: { x, y }, checks: [{ check: "hit_test", status: "fail" }] },
      steps: steps.all
    })
  }
  const click = backendClick({ x, y }, event === "b1d" ? 2 : 1)
  if (click !== undefined) await clickStep(steps, `pointer click(${event === "b1d" ? "double" : "single"})`, click)
  else await step(steps, `DeviceEventController.GenerateMouseEvent(${event})`, mouseClick(session, x, y, deadline, event), physical)
}
