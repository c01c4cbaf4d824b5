import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const javaNotes: ToolkitNotes = {
  tested: `Java Swing, OpenJDK 17 through the Java ATK wrapper (a Swing form of the project's own; JConsole). Debian ships the wrapper off: start the JVM with \`-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper\` and \`/usr/share/java/java-atk-wrapper.jar\` on its class path (packages \`libatk-wrapper-java libatk-wrapper-java-jni\`; the line is commented out in \`/etc/java-17-openjdk/accessibility.properties\`). \`launch\` does it for any Java program it starts (JAVA_TOOL_OPTIONS, joined to yours)`,
  observe: `a combo box is named by its label (Java names it after its current item) and shows that item as its value; tree nodes, list items and table cells are read as tree items, options and cells (Java gives them their renderer's role, a label)`,
  act: `type/set-value/clear on text fields; click, check/uncheck/toggle on buttons and check boxes; select in combo boxes (by the combo box's own Selection, the item found in its popup list), in lists and tables (a row by its first cell's text); expand/collapse of tree nodes and select of a tree node; all without \`--headed\``,
  limits: `an app started without the wrapper has no tree at all (list-apps and list-windows say so; OCR serves it); a table cell cannot be edited (the wrapper gives it no text, value or action, and its table no way in): type and set-value on a cell are refused saying so; select a row by its text`
}
