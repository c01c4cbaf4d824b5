import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** Where every Qt quirk below was measured (pyatspi/libatspi and raw D-Bus calls; Qt's bridge read in qtbase 5.15). */
const examples = "qtbase5-examples 5.15.8 (Debian 12), QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1"

/**
 * Qt's own AT-SPI bridge (no ATK; qtbase src/platformsupport/linuxaccessibility/atspiadaptor.cpp). It answers a
 * method it does not implement with UnknownObject ("No such object path"), even on a live object, and exposes
 * neither Selection nor any expand action in 5.15: those paths are data here, taken by the handlers.
 */
export const qt: ToolkitProfile = {
  ...genericProfile,
  id: "qt",
  actionAliases: { setfocus: "focus", showmenu: "show menu" },
  itemActionAliases: { toggle: "select" },
  insertTextLengthUtf16: true,
  comboNameIsValue: true,
  comboChoiceByPointer: true,
  expandByDoubleClick: true,
  spinValueFromText: true,
  grabFocusNeedsFocusAction: true,
  scrollToMissing: true,
  waylandOrigin: "surface",
  quirks: [
    {
      what: "Properties.GetAll(org.a11y.atspi.Accessible) segfaults the app (general protection fault in libQt5Core): the bridge turns every Properties call into member + arguments().at(1), and GetAll has one argument",
      seenIn: `${examples}, widgets apps`
    },
    { what: "Cache.GetItems answers an empty list (QSpiDBusCache::GetItems): the tree is walked with per-property Get", seenIn: "Qt 5.15.8" },
    {
      what: "a method the bridge does not implement (Selection.*, Action.GetLocalizedName) is answered with UnknownObject on a live object: such calls are never sent, since the reply reads like a vanished widget",
      seenIn: `${examples}, styles`
    },
    {
      what: "list, tree and table items list one action, \"Toggle\", which selects or unselects the item (QAccessibleTableCell::doAction) and checks nothing: on items it is the select action",
      seenIn: `${examples}, styles (table, combo popup) and itemviews/simpletreemodel`
    },
    {
      what: "EditableText.InsertText takes its length in UTF-16 code units (QString::resize): a UTF-8 byte length inserted \"héllo\" followed by a NUL",
      seenIn: `${examples}, styles (QTextEdit)`
    },
    {
      what: "a combo box's Name is its current text (QAccessibleComboBox on Unix leaves the label to relations); the label is its LABELLED_BY target (\"Style:\")",
      seenIn: `${examples}, styles`
    },
    {
      what: "selecting an item of a combo box's popup list (its Toggle) changes the list's selection but not the combo box's current item, open or closed; only a click (or Return) in the open popup does. There is no Selection or Value to set it",
      seenIn: `${examples}, styles`
    },
    {
      what: "the closed popup's items report SHOWING with on-screen extents; the popup list itself is 0x0 until opened",
      seenIn: `${examples}, styles`
    },
    {
      what: "tree rows carry EXPANDABLE/EXPANDED but no expand action (their only action is Toggle: select); a double-click on the row toggles it (QTreeView expandsOnDoubleClick), and child rows appear as siblings in the tree's flat child list",
      seenIn: `${examples}, itemviews/simpletreemodel`
    },
    {
      what: "QDateTimeEdit answers Value.CurrentValue 0 in a 0..0 range and keeps any number set there without showing it; its text is the date, so a spin box's value is read from its text",
      seenIn: `${examples}, styles`
    },
    {
      what: "a widget without a label of its own is named after its group box's title (QAccessibleWidget's buddy fallback): the six controls of \"Group 3\" are all named \"Group 3\", and the two spin boxes are twins a ref cannot tell apart",
      seenIn: `${examples}, styles`
    },
    {
      what: "page tabs carry no SELECTED state; the tab list is named after its current tab",
      seenIn: `${examples}, styles`
    },
    {
      what: "Component.GrabFocus works only on objects whose actions list SetFocus (list, tree and table items and combo boxes answer false)",
      seenIn: `${examples}, styles`
    },
    {
      what: "Component.ScrollTo is not implemented (the bridge's Component answers extents, hit tests, focus and layers only): UnknownObject",
      seenIn: `${examples}, styles`
    }
  ]
}
