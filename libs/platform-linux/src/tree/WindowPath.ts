/** Child-index path of an element from its window, found by walking parents (for drill-down reads). */
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"

const sameRef = (a: ObjectRef, b: ObjectRef) => a.busName === b.busName && a.path === b.path

/** Undefined when `ref` is not inside `window`. */
export const pathFromWindow = async (
  session: AtspiSession,
  ref: ObjectRef,
  window: ObjectRef,
  timeoutMs: number
): Promise<ReadonlyArray<number> | undefined> => {
  const path: Array<number> = []
  let current = ref
  for (let depth = 0; depth < 256; depth++) {
    if (sameRef(current, window)) return path
    const accessible = new Accessible(session, current)
    const [parent, index] = await Promise.all([accessible.parent(timeoutMs), accessible.indexInParent(timeoutMs)])
    if (isNullRef(parent) || index < 0) return undefined
    path.unshift(index)
    current = { busName: current.busName, path: parent.path }
  }
  return undefined
}
