/**
 * An object's extents on the screen. Most toolkits answer `GetExtents(SCREEN)` in screen coordinates on X11; those
 * whose profile says `extentsWindowRelative` (GTK 4.8 on X11), and every native client on Wayland, answer relative to
 * their toplevel window, which the display server then places (the window found by walking up to the child of the
 * application; `display/extentsPlacement.ts`).
 */
import { probeSession } from "@agent-desktop/platform"
import { Accessible, isNullRef, type Extents } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { placed, placementOf } from "../display/extentsPlacement.js"

const APPLICATION_ROLE = 75
const MAX_DEPTH = 64

/** The toplevel window (the application's child) that holds `ref`, or undefined when the chain breaks. */
const toplevelOf = async (session: AtspiSession, ref: ObjectRef, timeoutMs: () => number): Promise<ObjectRef | undefined> => {
  let current = ref
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parent = await Accessible.of(session, current).parent(timeoutMs())
    if (isNullRef(parent)) return undefined
    const above = { busName: current.busName, path: parent.path }
    if ((await Accessible.of(session, above).role(timeoutMs())) === APPLICATION_ROLE) return current
    current = above
  }
  return undefined
}

export const screenExtents = async (session: AtspiSession, ref: ObjectRef, deadline: number): Promise<Extents | undefined> => {
  const timeoutMs = () => Math.max(1, Math.min(2000, deadline - Date.now()))
  const bounds = await Accessible.of(session, ref).extents(timeoutMs()).catch(() => undefined)
  if (!bounds) return undefined
  const profile = await session.toolkits.profileOf(ref.busName, timeoutMs())
  if (!profile.extentsWindowRelative && probeSession().type !== "wayland") return bounds
  const toplevel = await toplevelOf(session, ref, timeoutMs).catch(() => undefined)
  if (!toplevel) return undefined
  const title = await Accessible.of(session, toplevel).name(timeoutMs()).catch(() => "")
  // Without a known origin the window-relative numbers would click the wrong place: no bounds at all.
  return placed(bounds, await placementOf(session, { ref: toplevel, title }, timeoutMs()))
}
