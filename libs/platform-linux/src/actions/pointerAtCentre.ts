/** Headed only: one pointer event at the centre of an element's on-screen bounds, as one physical step. */
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { screenExtents } from "../toolkits/screenExtents.js"
import type { RawNode } from "../tree/RawNode.js"
import { mouseClick } from "./DeviceEvents.js"
import { unsupported } from "./Failures.js"
import { physical, step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

export const pointerAtCentre = async (
  session: AtspiSession,
  steps: StepLog,
  node: RawNode,
  deadline: number,
  event: "b1c" | "b1d" = "b1c"
): Promise<void> => {
  // GTK 4.8's extents are window-relative: screenExtents places them on the screen.
  const bounds = await screenExtents(session, node.ref, deadline).catch(() => undefined)
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) {
    throw unsupported(node, `a pointer ${event === "b1d" ? "double-click" : "click"} (no on-screen bounds)`)
  }
  const x = Math.round(bounds.x + bounds.width / 2)
  const y = Math.round(bounds.y + bounds.height / 2)
  await step(steps, `DeviceEventController.GenerateMouseEvent(${event})`, mouseClick(session, x, y, deadline, event), physical)
}
