import { PlatformError } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../../atspi/Accessible.js"
import type { AtspiSession } from "../../atspi/AtspiSession.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { activateRow, focusedRowActivation } from "../activateRow.js"
import { doAction } from "../doAction.js"
import { declined, lookupFailure, unsupported } from "../Failures.js"
import { inspectNode } from "../inspectNode.js"
import { selectInParent } from "../selectInParent.js"
import { step } from "../Step.js"

/** The item to select: the first whose name equals the value (trimmed, any case), else the first that contains it; -1 if none. */
export const matchItem = (names: ReadonlyArray<string>, value: string): number => {
  const wanted = value.trim().toLowerCase()
  const index = names.findIndex((name) => name.trim().toLowerCase() === wanted)
  return index >= 0 ? index : names.findIndex((name) => name.trim().toLowerCase().includes(wanted))
}

/** A combo box without Selection of its own (a browser's <select>): its menu child has it. */
const selectionOwner = async (session: AtspiSession, node: RawNode, deadline: number): Promise<RawNode> => {
  if (node.interfaces.includes("Selection") || node.role !== AtspiRole.comboBox) return node
  const [first] = await Accessible.of(session, node.ref).children(timeoutFor(deadline)).catch(() => [])
  if (!first || isNullRef(first)) return node
  const child = await inspectNode(session, { busName: node.ref.busName, path: first.path }, timeoutFor(deadline)).catch(() => undefined)
  return child?.interfaces.includes("Selection") ? child : node
}

/** The item of a Selection container named by the value: `Selection.SelectChild`, else the item's "select" action. */
export const select: ActionHandler<{ readonly kind: "select"; readonly value: string }> = async (context, { value }) => {
  const { session, node: target, steps, deadline } = context
  const profile = context.accessible.profile
  const node = await selectionOwner(session, target, deadline)
  const accessible = Accessible.of(session, node.ref)
  if (node.interfaces.includes("Selection")) {
    // A GTK combo box lists its items under a menu child (next to its entry, when it has one); other containers
    // list them directly.
    let items = await accessible.children(timeoutFor(deadline)).catch((error) => { throw lookupFailure(error, "the element") })
    if (node.role === AtspiRole.comboBox) {
      const roles = await Promise.all(items.map((item) => Accessible.of(session, item).role(timeoutFor(deadline)).catch(() => -1)))
      const menu = items[roles.indexOf(AtspiRole.menu)]
      items = menu ? await Accessible.of(session, menu).children(timeoutFor(deadline)).catch(() => []) : []
    }
    items = items.filter((i) => !isNullRef(i))
    const names = await Promise.all(items.map((item) => Accessible.of(session, item).name(timeoutFor(deadline)).catch(() => "")))
    const index = matchItem(names, value)
    if (index < 0) {
      throw new PlatformError({
        code: "ELEMENT_NOT_FOUND",
        message: `no item named "${value}" to select`,
        details: { available: names.slice(0, 50) }
      })
    }
    if (profile.activatesFocusedRow === true) {
      // Selecting a row of such a list changes nothing: the row is focused and activated instead.
      const row = await inspectNode(session, items[index]!, timeoutFor(deadline))
      const activation = focusedRowActivation(row, profile)
      if (activation >= 0) {
        await activateRow(session, steps, row, activation, deadline)
        return steps.all
      }
    }
    if (await step(steps, "Selection.SelectChild", () => accessible.selectChild(index, timeoutFor(deadline)))) return steps.all
    // Chromium 156 declines SelectChild on a <select>'s menu; its items carry a "select" action that works.
    const item = await inspectNode(session, items[index]!, timeoutFor(deadline))
    const itemAction = (item.actions ?? []).indexOf("select")
    if (itemAction < 0) throw declined(steps, "select")
    await doAction(session, steps, item, itemAction, deadline)
    return steps.all
  }
  if (node.states.has(AtspiState.selectable)) {
    const activation = focusedRowActivation(node, profile)
    if (activation >= 0) {
      await activateRow(session, steps, node, activation, deadline)
      return steps.all
    }
    return selectInParent(session, steps, node, deadline)
  }
  throw unsupported(node, "select", profile)
}
