/**
 * Items whose toolkit gave them their cell renderer's role: Java Swing's JTree nodes and JList/JComboBox items are
 * labels (AccessibleJTreeNode takes the renderer's JLabel role), marked SELECTABLE or EXPANDABLE. A label like that
 * directly inside a tree, list or table is read as the item it is, so it gets a ref and the item actions.
 */
import type { Role } from "@agent-desktop/contracts"
import type { Accessible } from "../atspi/Accessible.js"
import { isNullRef } from "../atspi/Accessible.js"
import { AtspiRole, contractRole } from "../atspi/Roles.js"
import { AtspiState, type StateSet } from "../atspi/States.js"

/** Item roles by the role of the container they sit in (a tree item's children are tree items too). */
const ITEM_IN: ReadonlyMap<Role, Role> = new Map<Role, Role>([
  ["outline", "treeitem"], ["treeitem", "treeitem"], ["list", "option"], ["listbox", "option"], ["table", "cell"], ["grid", "cell"]
])

type ItemCandidate = { readonly role: number; readonly states: StateSet; readonly interfaces?: ReadonlyArray<string> }

/**
 * Whether the node's role depends on its container's: a label that is selectable or expandable, or one that is a
 * table's cell (Swing's JTable cells are their renderer's label with the TableCell interface, and neither state).
 */
export const mayBeItem = (node: ItemCandidate): boolean =>
  node.role === AtspiRole.label &&
  (node.states.has(AtspiState.selectable) || node.states.has(AtspiState.expandable) || node.interfaces?.includes("TableCell") === true)

/** The item role such a label takes inside a container of this (contract) role; undefined where it stays itself. */
export const itemRole = (node: ItemCandidate, container: Role | undefined): Role | undefined =>
  container === undefined || !mayBeItem(node) ? undefined : ITEM_IN.get(container)

/** Tree levels walked up at most to find the container of a nested item. */
const MAX_LEVELS = 32

/**
 * The container's role for one node read alone (an action's read-back): up through the item labels above it to the
 * first ancestor that is not one, mapped as a tree read maps it.
 */
export const containerRoleOf = async (accessible: Accessible, timeoutMs: number): Promise<Role | undefined> => {
  let current = accessible
  for (let level = 0; level < MAX_LEVELS; level++) {
    const parent = await current.parent(timeoutMs)
    if (isNullRef(parent)) return undefined
    current = current.sibling(parent.path)
    const [role, states] = await Promise.all([current.role(timeoutMs), current.states(timeoutMs)])
    if (!mayBeItem({ role, states })) return contractRole(role)
  }
  return undefined
}
