import { PlatformError } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../../atspi/Accessible.js"
import type { AtspiSession } from "../../atspi/AtspiSession.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { liveItemName } from "../../tree/NameFromContent.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { doAction } from "../doAction.js"
import { declined, lookupFailure, unsupported } from "../Failures.js"
import { inspectNode } from "../inspectNode.js"
import { selectInParent } from "../selectInParent.js"
import { step } from "../Step.js"
import { matchItem } from "./matchItem.js"
import { selectByKeys } from "./selectByKeys.js"

export { matchItem } from "./matchItem.js"

/** A combo box whose choice the toolkit takes only from input devices (profile `comboChoiceNeedsInput`: GTK 4.8). */
export const choiceNeedsInput = (node: RawNode, profile: ToolkitProfile): boolean =>
  profile.comboChoiceNeedsInput === true && node.role === AtspiRole.comboBox && !node.interfaces.includes("Selection")

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
  if (choiceNeedsInput(target, context.accessible.profile)) return selectByKeys(context, value)
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
    // GTK 4.8 list rows are unnamed (their label is two levels down): match them by the name a read gives them.
    const profile = accessible.profile
    const names = await Promise.all(items.map((item) => {
      const itemAccessible = accessible.sibling(item.path)
      return (profile.namesFromContent
        ? liveItemName(itemAccessible, profile.placeholderNames, timeoutFor(deadline))
        : itemAccessible.name(timeoutFor(deadline))).catch(() => "")
    }))
    const index = matchItem(names, value)
    if (index < 0) {
      throw new PlatformError({
        code: "ELEMENT_NOT_FOUND",
        message: `no item named "${value}" to select`,
        details: { available: names.slice(0, 50) }
      })
    }
    if (await step(steps, "Selection.SelectChild", () => accessible.selectChild(index, timeoutFor(deadline)))) return steps.all
    // Chromium 156 declines SelectChild on a <select>'s menu; its items carry a "select" action that works.
    const item = await inspectNode(session, items[index]!, timeoutFor(deadline))
    const itemAction = (item.actions ?? []).indexOf("select")
    if (itemAction < 0) throw declined(steps, "select")
    await doAction(session, steps, item, itemAction, deadline)
    return steps.all
  }
  if (node.states.has(AtspiState.selectable)) return selectInParent(session, steps, node, deadline)
  throw unsupported(node, "select")
}
