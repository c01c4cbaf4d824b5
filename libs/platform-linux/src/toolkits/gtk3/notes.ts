import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const gtk3Notes: ToolkitNotes = {
  tested: `GTK 3 (gtk3-widget-factory, fixtures)`,
  observe: `full tree, bounds, values; a combo box is expanded while its popup menu shows`,
  act: `click, type, set-value, clear, toggle/check, expand/collapse (also a combo box's popup), select, focus`,
  limits: `toggle/check/uncheck only on what has a checked state: on a plain button or menu item they are refused before anything is sent (use click)`
}
