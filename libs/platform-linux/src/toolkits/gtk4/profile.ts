import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** GTK 4's own AT-SPI implementation (no ATK). */
export const gtk4: ToolkitProfile = {
  ...genericProfile,
  id: "gtk4",
  getAllSafe: true,
  bulkCacheSafe: true,
  actionAliases: {
    "listitem.expand": "expand",
    "listitem.collapse": "collapse",
    "listitem.toggle-expand": "expand or contract",
    "listitem.activate": "activate"
  },
  extentsWindowRelative: true,
  showingFromVisible: true,
  namesFromContent: true,
  mnemonicNames: true,
  placeholderNames: ["Tab"],
  textNeedsExplicitEnd: true,
  offsetAtPointHangs: true,
  pressedIsChecked: true,
  comboChoiceNeedsInput: true,
  waylandOrigin: "frame",
  quirks: [
    { what: "a widget with a mnemonic label is named by the label's raw text, then the label's name (\"_Share Share\"), or by the raw text alone (a check button's \"_Remember\"): named by the text it shows", seenIn: "GTK 4.8.3 (gtk4-demo, xdg-desktop-portal-gnome 43)" },
    { what: "SHOWING is never set, only VISIBLE: bounds were skipped and every node looked offscreen", seenIn: "gtk4-demo 4.8.3, gnome-calculator 43" },
    { what: "GetExtents(SCREEN) answers coordinates relative to the toplevel window", seenIn: "gtk4-demo 4.8.3" },
    { what: "tree expanders act through listitem.expand / listitem.collapse / listitem.toggle-expand", seenIn: "gtk4-demo 4.8.3" },
    { what: "list rows have no name of their own (their label is two levels down)", seenIn: "gtk4-demo 4.8.3" },
    { what: "every notebook tab is named \"Tab\" (its label is its child)", seenIn: "gtk4-demo 4.8.3" },
    { what: "Text.GetText(0, -1) returns \"\" on non-empty entries; GetText(0, CharacterCount) works", seenIn: "gtk4-demo 4.8.3" },
    {
      what: "Text.GetOffsetAtPoint on a text view never answers (libatspi waited 14 s): a snapshot of a window showing a long text stopped as unresponsive",
      seenIn: "gtk4-demo 4.8.3 (its Info and Source text views)"
    },
    {
      what: "toggle buttons are push buttons with PRESSED while on (no toggle-button role, no CHECKED); an unpressed one looks like any push button",
      seenIn: "gtk4-demo 4.8.3 (Info Bars, Font Rendering)"
    },
    { what: "check buttons list no action (GetNActions 0): only a pointer click toggles them", seenIn: "gtk4-demo 4.8.3 (List Box Controls, Font Rendering)" },
    {
      what: "a drop-down has neither Selection nor actions; its list exists only while the popup is open, SelectChild there answers true and changes nothing, its items have no action (the popup's extents are off by a row): only keys (down/up, return) choose",
      seenIn: "gtk4-demo 4.8.3 (List Box Controls: GtkDropDown)"
    }
  ]
}
