import { AtspiRole } from "../../atspi/Roles.js"
import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

const seenIn = "LibreOffice Calc 7.4.7 (libreoffice-gtk3)"

/** How text reaches a cell, measured with pyatspi and the CLI; the errors of actions that cannot put it there say so. */
const textIntoCell = (text: string): string =>
  "set-value the textfield 'Formula Tool Bar' (the Name Box, showing the cell address) to the cell's address and click " +
  `it; set-value the paragraph 'Input line' (the formula input line) to ${text}; click the button 'Accept'`

/** LibreOffice (VCL on its GTK 3 plugin, SAL_USE_VCLPLUGIN=gtk3) through at-spi2-atk. */
export const libreoffice: ToolkitProfile = {
  ...genericProfile,
  id: "libreoffice",
  getAllSafe: true,
  skipsHidden: true,
  hiddenWithoutArea: [AtspiRole.menuBar],
  defunctAloneIsLive: true,
  menusOpenWhileSelected: true,
  inertValueRoles: [AtspiRole.pushButton, AtspiRole.toggleButton, AtspiRole.panel, AtspiRole.separator],
  activatesFocusedRow: true,
  namesFromContainer: true,
  unsupportedHints: [
    { role: AtspiRole.tableCell, action: "type", why: "LibreOffice cells have no EditableText", instead: `For a number: set-value the cell. For text: ${textIntoCell("the text")}` },
    {
      role: AtspiRole.tableCell,
      action: "set-value",
      why: "LibreOffice cells take only numbers (through Value); they have no EditableText",
      instead: `For text: ${textIntoCell("the text")}`
    },
    {
      role: AtspiRole.tableCell,
      action: "clear",
      why: "LibreOffice cells have no EditableText",
      instead: `To empty it: ${textIntoCell("\"\"")}`
    },
    ...[AtspiRole.panel, AtspiRole.text].map((role) => ({
      role,
      action: "select",
      why: "LibreOffice's tool bar boxes (Font Name, Font Size) are an entry and a drop-down button, with no Selection of their own",
      instead: "set-value the box's textfield and click it to apply, or click the box's button and select the item in the list that opens in a window of its own (list-windows, then snapshot --window-id)"
    }))
  ],
  quirks: [
    {
      what: "Properties.GetAll(Accessible) is answered by at-spi2-atk from the same getters as Get (name, description, child count, parent, locale): one message instead of three per node, the same nodes and names read",
      seenIn
    },
    {
      what: "the sheet is a MANAGES_DESCENDANTS table of ~10^10 virtual cells; enumerating it froze soffice.bin at 60-85 % CPU for minutes",
      seenIn
    },
    {
      what: "every submenu of the menu bar exists twice, a hidden (not VISIBLE) copy beside the real one: 581 hidden menu items were half of `snapshot -i`'s 513 KB, and twins of the real items",
      seenIn
    },
    {
      what: "VCL's own menu bar sits beside the GTK menu bar it draws, SHOWING but 0 px high, its menus without actions: every top-level menu was found twice (hiddenWithoutArea)",
      seenIn
    },
    {
      what: "the formula input line's container ('Input line') reports DEFUNCT alone while its paragraph child is live and editable (defunctAloneIsLive)",
      seenIn
    },
    {
      what: "GTK menus carry no EXPANDABLE/EXPANDED: an open menu is SELECTED with its items SHOWING; DoAction(click) opens it, a second click leaves it open, the parent's Selection.DeselectChild closes it (menusOpenWhileSelected)",
      seenIn
    },
    {
      what: "the items of a closed menu have stale states (no ENABLED on 'Formula Bar', no CHECKED on checked items) until the menu is opened",
      seenIn
    },
    {
      what: "tool bar items (buttons, toggle buttons, boxes) carry a Value holding their check state: Value.SetCurrentValue answers true and changes nothing (Italic stayed off) (inertValueRoles)",
      seenIn
    },
    {
      what: "in a tool bar box's popup list (Font Size), Selection.SelectChild only highlights a row and DoAction(activate) on a row applies the row under the list's cursor (10 pt instead of 14 pt); Component.GrabFocus on the row first applies it (activatesFocusedRow)",
      seenIn
    },
    {
      what: "tool bar boxes name only their container panel ('Font Size'): the entry and drop-down button inside are unnamed twins of every other box's, no relation or id tells them apart (namesFromContainer)",
      seenIn
    },
    {
      what: "a cell's Text can lag behind its content: B3 still read 'delta' after the input line had emptied it (the saved file and the input line had it empty); moving the cursor away and back refreshed it",
      seenIn
    },
    {
      what: "sheet cells have Text and Value but no EditableText: numbers go in through Value, text only through the formula input line and its Accept button",
      seenIn
    },
    {
      what: "the formula input line is EDITABLE only after focus moved there (the Name Box's activation moves it); its EditableText then takes text, which the tool bar's Accept button (shown only while editing) commits",
      seenIn
    }
  ]
}
