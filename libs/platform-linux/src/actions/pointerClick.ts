import { screenExtents } from "../toolkits/screenExtents.js"
import type { ActContext } from "./ActContext.js"
import { mouseClick } from "./DeviceEvents.js"
import { unsupported } from "./Failures.js"
import { physical, step } from "./Step.js"

/** Headed only: a left click at the centre of the element's on-screen bounds. */
export const pointerClick = async ({ session, node, steps, deadline }: ActContext): Promise<void> => {
  // GTK 4.8's extents are window-relative: screenExtents places them on the screen.
  const bounds = await screenExtents(session, node.ref, deadline).catch(() => undefined)
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) throw unsupported(node, "a pointer click (no on-screen bounds)")
  const x = Math.round(bounds.x + bounds.width / 2)
  const y = Math.round(bounds.y + bounds.height / 2)
  await step(steps, "DeviceEventController.GenerateMouseEvent(b1c)", mouseClick(session, x, y, deadline), physical)
}
