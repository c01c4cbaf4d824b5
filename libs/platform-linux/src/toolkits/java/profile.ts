import { AtspiRole } from "../../atspi/Roles.js"
import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** Where every Java quirk below was measured (libatspi and raw D-Bus calls). */
const seen = "OpenJDK 17.0.15 (Debian 12) with libatk-wrapper-java 0.40.0 (ToolkitName J2SE-access-bridge); SwingForm (tools/desktop/fixtures) and JConsole"

/**
 * Java Swing/AWT through the Java ATK wrapper (java-atk-wrapper, the bridge from the Java Accessibility API to ATK).
 * Off by default on Debian: the JVM loads it only with `-Djavax.accessibility.assistive_technologies=
 * org.GNOME.Accessibility.AtkWrapper` and the wrapper's jar on its class path (launch does both, through
 * JAVA_TOOL_OPTIONS). Its combo boxes, trees and lists need the data below.
 */
export const java: ToolkitProfile = {
  ...genericProfile,
  id: "java",
  actionAliases: { toggleexpand: "expand or contract", togglepopup: "expand or contract" },
  comboNameIsValue: true,
  // Every action on a table cell: the wrapper gives it no way in, whichever command asked.
  unsupportedHints: [{
    role: AtspiRole.label,
    interface: "TableCell",
    why: "the Java ATK wrapper gives a Swing table cell only Component and TableCell (no EditableText, Value or Action), and its JTable no way to edit a cell either: Swing edits a cell only in the cell editor a person's double-click or key press opens",
    instead: "To choose a row: select on the table with the text of the row's first cell (headless). No verified route edits a Swing table cell here: to change a value, use the app's own fields or dialogs for it"
  }],
  quirks: [
    {
      what: "a combo box's Name is its current item (AccessibleJComboBox); its label is the LABELLED_BY target set by JLabel.setLabelFor",
      seenIn: seen
    },
    {
      what: "a combo box lists its items in its popup: popup menu > scroll pane > list > items; its own Selection chooses by the list's index (AccessibleJComboBox.addAccessibleSelection sets the selected index)",
      seenIn: seen
    },
    {
      what: "a JTable's cells are its children (TableCell, the renderer's role: label, TRANSIENT, neither SELECTABLE nor an Action): a new object path on every read, and Component.GetAccessibleAtPoint answers yet another, so a pointer action's hit test never finds the cell it aimed at",
      seenIn: seen
    },
    {
      what: "the frame's Component.GetExtents answers -1,-1,-1,-1 (read as no bounds)",
      seenIn: seen
    },
    {
      what: "tree nodes and list items take their cell renderer's role (label), marked SELECTABLE or EXPANDABLE; tree nodes expand with the action \"toggleexpand\", combo boxes open with \"togglePopup\"",
      seenIn: seen
    }
  ]
}
