/**
 * AT-SPI role numbers (AtspiRole, at-spi2-core 2.46) mapped to the contract's 78-role vocabulary (reference §2.2).
 * Toolkit containers without meaning of their own (panel, filler, viewport ...) become `group`.
 */
import type { Role } from "@agent-desktop/contracts"

const table: ReadonlyArray<readonly [number, Role]> = [
  [0, "unknown"], // invalid
  [1, "statictext"], // accelerator label
  [2, "alert"],
  [3, "image"], // animation
  [4, "image"], // arrow
  [5, "grid"], // calendar
  [6, "group"], // canvas
  [7, "checkbox"],
  [8, "menuitem"], // check menu item
  [9, "colorwell"], // color chooser
  [10, "column"], // column header
  [11, "combobox"],
  [12, "datefield"], // date editor
  [13, "image"], // desktop icon
  [14, "group"], // desktop frame
  [15, "slider"], // dial
  [16, "dialog"],
  [17, "group"], // directory pane
  [18, "group"], // drawing area
  [19, "dialog"], // file chooser
  [20, "group"], // filler
  [21, "group"], // focus traversable
  [22, "dialog"], // font chooser
  [23, "window"], // frame
  [24, "group"], // glass pane
  [25, "group"], // html container
  [26, "image"], // icon
  [27, "image"],
  [28, "window"], // internal frame
  [29, "statictext"], // label
  [30, "group"], // layered pane
  [31, "list"],
  [32, "option"], // list item
  [33, "menu"],
  [34, "menu"], // menu bar: the contract vocabulary has no menu-bar role (2.6); its menus are what an agent opens
  [35, "menuitem"],
  [36, "group"], // option pane
  [37, "tab"], // page tab
  [38, "tablist"], // page tab list
  [39, "group"], // panel
  [40, "textfield"], // password text (state `secure`)
  [41, "menu"], // popup menu
  [42, "progressbar"],
  [43, "button"], // push button
  [44, "radiobutton"],
  [45, "menuitem"], // radio menu item
  [46, "group"], // root pane
  [47, "cell"], // row header
  [48, "scrollbar"],
  [49, "scrollarea"], // scroll pane
  [50, "separator"],
  [51, "slider"],
  [52, "incrementor"], // spin button
  [53, "splitter"], // split pane
  [54, "status"], // status bar
  [55, "table"],
  [56, "cell"], // table cell
  [57, "column"], // table column header
  [58, "cell"], // table row header
  [59, "menuitem"], // tearoff menu item
  [60, "textfield"], // terminal
  [61, "textfield"], // text
  [62, "button"], // toggle button (`--role togglebutton` is an alias of button)
  [63, "toolbar"],
  [64, "tooltip"],
  [65, "outline"], // tree
  [66, "outline"], // tree table
  [67, "unknown"],
  [68, "group"], // viewport
  [69, "window"],
  [70, "unknown"], // extended
  [71, "banner"], // header
  [72, "contentinfo"], // footer
  [73, "paragraph"],
  [74, "ruler"],
  [75, "application"],
  [76, "combobox"], // autocomplete
  [77, "textfield"], // editbar
  [78, "group"], // embedded
  [79, "textfield"], // entry
  [80, "image"], // chart
  [81, "statictext"], // caption
  [82, "document"], // document frame
  [83, "heading"],
  [84, "group"], // page
  [85, "group"], // section
  [86, "unknown"], // redundant object
  [87, "form"],
  [88, "link"],
  [89, "window"], // input method window
  [90, "row"], // table row
  [91, "treeitem"],
  [92, "document"], // spreadsheet
  [93, "document"], // presentation
  [94, "document"], // text
  [95, "webarea"], // web
  [96, "document"], // email
  [97, "note"], // comment
  [98, "listbox"],
  [99, "group"], // grouping
  [100, "image"], // image map
  [101, "alert"], // notification
  [102, "status"], // info bar
  [103, "levelindicator"], // level bar
  [104, "group"], // title bar
  [105, "group"], // block quote
  [106, "group"], // audio
  [107, "group"], // video
  [108, "definition"],
  [109, "article"],
  [110, "region"], // landmark
  [111, "log"],
  [112, "marquee"],
  [113, "math"],
  [114, "slider"], // rating
  [115, "timer"],
  [116, "statictext"], // static
  [117, "math"], // math fraction
  [118, "math"], // math root
  [119, "statictext"], // subscript
  [120, "statictext"], // superscript
  [121, "list"], // description list
  [122, "term"], // description term
  [123, "definition"], // description value
  [124, "note"], // footnote
  [125, "group"], // content deletion
  [126, "group"], // content insertion
  [127, "group"], // mark
  [128, "group"], // suggestion
  [129, "menubutton"] // push button menu
]

const byNumber = new Map<number, Role>(table)

export const AtspiRole = {
  checkBox: 7,
  checkMenuItem: 8,
  comboBox: 11,
  dial: 15,
  dialog: 16,
  filler: 20,
  frame: 23,
  label: 29,
  list: 31,
  listItem: 32,
  menu: 33,
  menuBar: 34,
  menuItem: 35,
  pageTab: 37,
  pageTabList: 38,
  panel: 39,
  passwordText: 40,
  popupMenu: 41,
  pushButton: 43,
  radioButton: 44,
  radioMenuItem: 45,
  scrollBar: 48,
  scrollPane: 49,
  separator: 50,
  slider: 51,
  spinButton: 52,
  table: 55,
  tableCell: 56,
  text: 61,
  toggleButton: 62,
  tree: 65,
  treeTable: 66,
  viewport: 68,
  window: 69,
  paragraph: 73,
  entry: 79,
  listBox: 98
} as const

export const contractRole = (atspiRole: number): Role => byNumber.get(atspiRole) ?? "unknown"
