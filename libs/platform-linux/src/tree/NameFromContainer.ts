/**
 * Names for unnamed controls from the container they sit in: LibreOffice 7.4 names a tool bar item (the "Font Size"
 * panel) and leaves the entry and drop-down button inside it unnamed, so every such box's entry was the twin of every
 * other one and none could be targeted (identity_not_unique). A control without name and description takes the
 * name of its nearest named ancestor at most `maxLevels` up, never the window's title. Only for toolkits whose
 * profile asks for it; a name of the toolkit's own always wins.
 */
import { AtspiRole } from "../atspi/Roles.js"
import type { RawTree } from "./RawTree.js"

const controlRoles = new Set<number>([
  AtspiRole.text, AtspiRole.entry, AtspiRole.pushButton, AtspiRole.toggleButton, AtspiRole.comboBox, AtspiRole.paragraph
])
/** The Name Box's entry sits eight levels below its tool bar (LibreOffice 7.4), the deepest measured. */
const maxLevels = 8

const visit = (tree: RawTree, container: string | undefined, levels: number): void => {
  const { node } = tree
  // A name from a label (NameFromLabel) says more than the container's.
  if (container !== undefined && node.name === "" && node.description === "" && node.computedName === undefined && controlRoles.has(node.role)) {
    node.computedName = container
  }
  const own = node.name !== "" ? node.name : undefined
  const next = own ?? (container !== undefined && levels < maxLevels ? container : undefined)
  const nextLevels = own !== undefined ? 1 : levels + 1
  for (const child of tree.children ?? []) visit(child, next, nextLevels)
}

/**
 * `root`: what was read. A window's own name (its title) names nothing; a drill-down root's name does (the names
 * of ancestors above it were not read: a control named only by one of those stays unnamed there).
 */
export const nameControlsFromContainer = (root: RawTree, rootIsWindow: boolean): void => {
  if (!rootIsWindow) return visit(root, undefined, 0)
  for (const child of root.children ?? []) visit(child, undefined, 0)
}
