/**
 * Items of a tree whose nodes nest (Java Swing: a JTree node is the Selection container of its own children, so the
 * tree's Selection holds only the top level). The expanded nodes are walked breadth first, each item with the
 * container whose Selection selects it and its index there; collapsed nodes are not opened (their children are not
 * shown, and a select must not change what the tree shows).
 */
import { Accessible, isNullRef } from "../../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../../atspi/AtspiSession.js"
import { AtspiState } from "../../atspi/States.js"
import { timeoutFor } from "../Deadline.js"

export interface NestedItem {
  readonly owner: ObjectRef
  readonly index: number
  readonly name: string
}

/** Items read at most: a tree's shown nodes, not a whole file system. */
const MAX_ITEMS = 500

export const nestedItems = async (
  session: AtspiSession,
  owner: ObjectRef,
  items: ReadonlyArray<ObjectRef>,
  names: ReadonlyArray<string>,
  deadline: number
): Promise<ReadonlyArray<NestedItem>> => {
  const found: Array<NestedItem> = items.map((_, index) => ({ owner, index, name: names[index] ?? "" }))
  let level: ReadonlyArray<ObjectRef> = items
  while (level.length > 0 && found.length < MAX_ITEMS && Date.now() < deadline) {
    const next: Array<ObjectRef> = []
    for (const item of level) {
      const accessible = Accessible.of(session, item)
      const [states, interfaces] = await Promise.all([
        accessible.states(timeoutFor(deadline)).catch(() => undefined),
        accessible.interfaces(timeoutFor(deadline)).catch(() => [] as ReadonlyArray<string>)
      ])
      if (!states?.has(AtspiState.expanded) || !interfaces.includes("Selection")) continue
      const children = (await accessible.children(timeoutFor(deadline)).catch(() => [])).filter((child) => !isNullRef(child))
      const childNames = await Promise.all(children.map((child) => accessible.sibling(child.path).name(timeoutFor(deadline)).catch(() => "")))
      children.forEach((child, index) => {
        if (found.length < MAX_ITEMS) found.push({ owner: item, index, name: childNames[index]! })
        next.push(child)
      })
    }
    level = next
  }
  return found
}
