import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const qtNotes: ToolkitNotes = {
  tested: `Qt 5.15 (qtbase5-examples calculator, styles, gallery, itemviews/simpletreemodel; start apps with \`QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1\` or an enabled a11y bus)`,
  observe: `per-property reads only (GetAll segfaults Qt 5; its cache is empty); a combo box is named by its label (Qt names it after its current item) and shows that item as its value; a spin box's value is its text (a date-time edit answers Value 0)`,
  act: `click; check/uncheck/toggle (check boxes, toggle push buttons, radio buttons); type/set-value/clear on text edits (non-ASCII included); set-value on spin boxes, sliders, dials, scroll bars; select of list/tree/table rows (Qt's item Toggle selects) and tabs (pressed); \`--headed\` only: select in a combo box (its popup is opened, the item clicked) and expand/collapse of tree rows (a double-click)`,
  limits: `no Selection and no expand action in Qt 5.15: a combo box choice or a tree expand/collapse without \`--headed\` is POLICY_DENIED naming the flag; tabs carry no \`selected\` (the tab list is named after the current one); controls Qt names only after their group box (no label, no tooltip) are twins refs refuse (\`identity_not_unique\`); \`focus\` works only where Qt lists SetFocus (not items or combo boxes) and \`scroll-to\` nowhere (no Component.ScrollTo): both ACTION_NOT_SUPPORTED before anything is sent; slower reads than GTK`
}
