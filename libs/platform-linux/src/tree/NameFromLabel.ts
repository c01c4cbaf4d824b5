/**
 * Names and descriptions from relations, where the toolkit gives none: an unnamed field takes the names of its
 * LABELLED_BY targets (the labels a person reads beside it) and, without a description, those of its DESCRIBED_BY
 * targets. GTK 3.24 sets the relations and leaves the name empty (gnumeric's Save As dialog: the file name entry is
 * unnamed, labelled by "Name:"), so such fields were unnamed twins of every other entry, and `-i` printed them
 * without the label it had dropped. Browsers and Qt already compute names from labels; asking costs them nothing
 * when there is no relation.
 *
 * Only field-like roles are asked (what a label labels), and only while unnamed: one GetRelationSet, then one Name
 * per target. A read asks at most `maxLabelReads` nodes (a page of unnamed inputs must not add thousands of calls).
 */
import { cleanName, type Accessible } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import type { RawNode } from "./RawNode.js"

const LABELLED_ROLES = new Set<number>([
  AtspiRole.text, AtspiRole.entry, AtspiRole.passwordText, AtspiRole.spinButton, AtspiRole.comboBox, AtspiRole.slider,
  AtspiRole.dial, AtspiRole.list, AtspiRole.listBox, AtspiRole.table, AtspiRole.tree, AtspiRole.treeTable,
  60 /* terminal */, 77 /* editbar */, 76 /* autocomplete */
])

/** Targets read per relation: a field is labelled by one or two labels; more is a list of unrelated objects. */
const maxTargets = 3

export const maxLabelReads = 256

export const wantsLabel = (node: RawNode): boolean =>
  node.name === "" && node.computedName === undefined && LABELLED_ROLES.has(node.role) && node.interfaces.length > 0

const namesOf = async (accessible: Accessible, targets: ReadonlyArray<{ readonly path: string }>, timeoutMs: number): Promise<string> => {
  const names = await Promise.all(targets.slice(0, maxTargets).map((target) => accessible.sibling(target.path).name(timeoutMs)))
  return names.map(cleanName).filter((name) => name !== "").join(" ")
}

export const labelFromRelations = async (accessible: Accessible, node: RawNode, timeoutMs: number): Promise<void> => {
  const { labelledBy, describedBy } = await accessible.relations(timeoutMs)
  const [label, description] = await Promise.all([
    labelledBy.length === 0 ? "" : namesOf(accessible, labelledBy, timeoutMs),
    describedBy.length === 0 || node.description !== "" ? "" : namesOf(accessible, describedBy, timeoutMs)
  ])
  // Set only when found: a name computed later (NameFromContainer) still applies to a field nothing labels.
  if (label !== "" && node.computedName === undefined) node.computedName = label
  if (description !== "") node.computedDescription = description
}
