/**
 * Combo boxes whose Name is their current text (ToolkitProfile.comboNameIsValue: Qt 5.15 on Linux, where
 * QAccessibleComboBox leaves the label to relations): the text becomes the value, and the name is the label's,
 * found through LABELLED_BY. Without a label the combo box has no name: its old name changed with every choice,
 * so no ref to it survived a `select`.
 */
import { isNullRef, type Accessible } from "../atspi/Accessible.js"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { AtspiRole } from "../atspi/Roles.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { RawNode } from "./RawNode.js"

export const nameIsComboValue = (node: RawNode, profile: ToolkitProfile): boolean =>
  profile.comboNameIsValue === true && node.role === AtspiRole.comboBox

/** The value from the Name, at once (no call). */
export const takeComboValue = (node: RawNode): void => {
  if (node.name !== "") node.selected = node.name
}

/** Siblings asked for a LABEL_FOR at most: a form row's label sits beside its field. */
const MAX_SIBLINGS = 24

/**
 * The label whose LABEL_FOR names this object, among its siblings: the Java ATK wrapper sets the label's side of a
 * JLabel.setLabelFor pair but not the field's LABELLED_BY.
 */
const siblingLabel = async (accessible: Accessible, timeoutMs: number): Promise<ObjectRef | undefined> => {
  const parent = await accessible.parent(timeoutMs)
  if (isNullRef(parent)) return undefined
  const siblings = (await accessible.sibling(parent.path).children(timeoutMs))
    .filter((ref) => !isNullRef(ref) && ref.path !== accessible.ref.path).slice(0, MAX_SIBLINGS)
  const targets = await Promise.all(siblings.map((ref) => accessible.sibling(ref.path).labelFor(timeoutMs).catch(() => [])))
  const index = targets.findIndex((list) => list.some((target) => target.path === accessible.ref.path))
  return index < 0 ? undefined : siblings[index]
}

/**
 * The name from the first labelling object's name (two calls; a search of the siblings' LABEL_FOR where the combo box
 * names no label itself), "" when nothing labels the combo box.
 */
export const labelComboName = async (accessible: Accessible, node: RawNode, timeoutMs: number): Promise<void> => {
  const label = (await accessible.labelledBy(timeoutMs))[0] ?? await siblingLabel(accessible, timeoutMs)
  node.computedName = label ? await accessible.sibling(label.path).name(timeoutMs) : ""
}
