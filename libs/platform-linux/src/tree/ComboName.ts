/**
 * Combo boxes whose Name is their current text (ToolkitProfile.comboNameIsValue: Qt 5.15 on Linux, where
 * QAccessibleComboBox leaves the label to relations): the text becomes the value, and the name is the label's,
 * found through LABELLED_BY. Without a label the combo box has no name: its old name changed with every choice,
 * so no ref to it survived a `select`.
 */
import type { Accessible } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { RawNode } from "./RawNode.js"

export const nameIsComboValue = (node: RawNode, profile: ToolkitProfile): boolean =>
  profile.comboNameIsValue === true && node.role === AtspiRole.comboBox

/** The value from the Name, at once (no call). */
export const takeComboValue = (node: RawNode): void => {
  if (node.name !== "") node.selected = node.name
}

/** The name from the first labelling object's name (two calls), "" when nothing labels the combo box. */
export const labelComboName = async (accessible: Accessible, node: RawNode, timeoutMs: number): Promise<void> => {
  const [label] = await accessible.labelledBy(timeoutMs)
  node.computedName = label ? await accessible.sibling(label.path).name(timeoutMs) : ""
}
