import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "../../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../../atspi/AtspiSession.js"
import { isItemRole } from "../../atspi/ItemRoles.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { clickActionIndex } from "../../tree/ContractNode.js"
import { liveItemName } from "../../tree/NameFromContent.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext, ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { activateRow, focusedRowActivation } from "../activateRow.js"
import { doAction } from "../doAction.js"
import { declined, lookupFailure, unsupported } from "../Failures.js"
import { inspectNode } from "../inspectNode.js"
import { selectItem } from "../selectItem.js"
import { step } from "../Step.js"
import { selectInComboByPointer } from "./comboByPointer.js"
import { matchItem } from "./matchItem.js"
import { nestedItems } from "./nestedItems.js"
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

/**
 * Where the toolkit's combo boxes take a choice only from input in their popup (ToolkitProfile.comboChoiceByPointer):
 * the combo box a select is about, the target itself or the combo box two levels above an item of its popup.
 */
const comboOf = async (session: AtspiSession, node: RawNode, deadline: number): Promise<RawNode | undefined> => {
  if (node.role === AtspiRole.comboBox) return node
  if (!isItemRole(node.role)) return undefined
  const accessible = Accessible.of(session, node.ref)
  const list = await accessible.parent(timeoutFor(deadline)).catch(() => undefined)
  if (!list || isNullRef(list)) return undefined
  const above = await accessible.sibling(list.path).parent(timeoutFor(deadline)).catch(() => undefined)
  if (!above || isNullRef(above)) return undefined
  const role = await accessible.sibling(above.path).role(timeoutFor(deadline)).catch(() => -1)
  return role === AtspiRole.comboBox ? inspectNode(session, { busName: node.ref.busName, path: above.path }, timeoutFor(deadline)) : undefined
}

/** Containers a popup wraps its list in (Java Swing: popup menu > scroll pane > list > items). */
const WRAPPERS: ReadonlySet<number> = new Set([AtspiRole.scrollPane, AtspiRole.viewport, AtspiRole.list, AtspiRole.listBox, AtspiRole.panel, AtspiRole.filler])
const ITEMS: ReadonlySet<number> = new Set([
  AtspiRole.menuItem, AtspiRole.checkMenuItem, AtspiRole.radioMenuItem, AtspiRole.listItem, AtspiRole.label, AtspiRole.tableCell,
  AtspiRole.checkBox, AtspiRole.radioButton
])

/**
 * A combo box's items in its popup: the menu's children where they are items (GTK), else the items of the list the
 * popup wraps (Java: a scroll pane beside its scroll bars, holding the list), at most a few levels down.
 */
const popupItems = async (session: AtspiSession, menu: ObjectRef, deadline: number): Promise<Array<ObjectRef>> => {
  let container = menu
  for (let depth = 0; depth < 4; depth++) {
    const children = (await Accessible.of(session, container).children(timeoutFor(deadline)).catch(() => [])).filter((c) => !isNullRef(c))
    const roles = await Promise.all(children.map((child) => Accessible.of(session, child).role(timeoutFor(deadline)).catch(() => -1)))
    if (children.length === 0 || roles.some((role) => ITEMS.has(role))) return children
    const inner = children.find((_, i) => WRAPPERS.has(roles[i]!))
    if (inner === undefined) return children
    container = inner
  }
  return []
}

const isTree = (node: RawNode): boolean => node.role === AtspiRole.tree || node.role === AtspiRole.treeTable

const noItem = (value: string, names: ReadonlyArray<string>) => new PlatformError({
  code: "ELEMENT_NOT_FOUND",
  message: `no item named "${value}" to select`,
  details: { available: names.slice(0, 50) }
})

/** A page tab without SELECTABLE (Qt 5.15) is selected by pressing it. */
const tabPress = (node: RawNode): number => node.role === AtspiRole.pageTab ? clickActionIndex(node) : -1

/** One item, selected its own way: selectable items by selectItem, tabs by their press action. */
const selectOne = async (session: AtspiSession, steps: ActContext["steps"], node: RawNode, deadline: number): Promise<ReadonlyArray<DeliveryStep> | undefined> => {
  if (node.states.has(AtspiState.selectable)) return selectItem(session, steps, node, deadline)
  const press = tabPress(node)
  if (press < 0) return undefined
  await doAction(session, steps, node, press, deadline)
  return steps.all
}

/**
 * The item of a Selection container named by the value: `Selection.SelectChild`, else the item's "select" action.
 * Toolkits without Selection (Qt 5.15): a selectable item by its own select action, a tab by pressing it, and a combo
 * box through its popup (comboByPointer.ts); a GTK 4.8 drop-down by keys in its open popup (selectByKeys.ts).
 */
export const select: ActionHandler<{ readonly kind: "select"; readonly value: string }> = async (context, { value }) => {
  const { session, node: target, accessible: targetAccessible, steps, deadline } = context
  const profile = targetAccessible.profile
  if (choiceNeedsInput(target, profile)) return selectByKeys(context, value)
  if (profile.comboChoiceByPointer) {
    const combo = await comboOf(session, target, deadline)
    if (combo) return selectInComboByPointer(context, combo, combo === target ? value : target.name)
  }
  const node = await selectionOwner(session, target, deadline)
  const accessible = Accessible.of(session, node.ref)
  if (node.interfaces.includes("Selection")) {
    // A GTK combo box lists its items under a menu child (next to its entry, when it has one); other containers
    // list them directly.
    let items = await accessible.children(timeoutFor(deadline)).catch((error) => { throw lookupFailure(error, "the element") })
    if (node.role === AtspiRole.comboBox) {
      const roles = await Promise.all(items.map((item) => Accessible.of(session, item).role(timeoutFor(deadline)).catch(() => -1)))
      // GTK's popup is a menu, Java's a popup menu.
      const menu = items[roles.findIndex((role) => role === AtspiRole.menu || role === AtspiRole.popupMenu)]
      items = menu ? await popupItems(session, menu, deadline) : []
    }
    items = items.filter((i) => !isNullRef(i))
    // GTK 4.8 list rows are unnamed (their label is two levels down): match them by the name a read gives them.
    const names = await Promise.all(items.map((item) => {
      const itemAccessible = accessible.sibling(item.path)
      return (profile.namesFromContent
        ? liveItemName(itemAccessible, profile.placeholderNames, timeoutFor(deadline))
        : itemAccessible.name(timeoutFor(deadline))).catch(() => "")
    }))
    const index = matchItem(names, value)
    if (index < 0 && isTree(node)) {
      // Nodes that nest (Java): the item is selected through the node above it, whose Selection lists it.
      const all = await nestedItems(session, node.ref, items, names, deadline)
      const nested = all[matchItem(all.map((item) => item.name), value)]
      if (nested === undefined) throw noItem(value, all.map((item) => item.name))
      if (await step(steps, "Selection.SelectChild", () => accessible.sibling(nested.owner.path).selectChild(nested.index, timeoutFor(deadline)))) return steps.all
      throw declined(steps, "select")
    }
    if (index < 0) throw noItem(value, names)
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
  // A row whose activation applies the list cursor's row (LibreOffice's popup lists): focused first, then activated.
  const activation = node.states.has(AtspiState.selectable) ? focusedRowActivation(node, profile) : -1
  if (activation >= 0) {
    await activateRow(session, steps, node, activation, deadline)
    return steps.all
  }
  const done = await selectOne(session, steps, node, deadline)
  if (done) return done
  throw unsupported(node, "select", profile)
}
