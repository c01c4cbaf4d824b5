/**
 * Chromium's accessibility roles (`AXNode.role.value`: ARIA names and Chromium's internal ones such as
 * `RootWebArea`, `StaticText`, `LabelText`) mapped to the contract's role vocabulary, the way AT-SPI's roles are
 * mapped for the same pages (a web list item is a container here, not an `option`: a page's bullet lists are text).
 * Containers without meaning of their own become `group`; anything unknown too.
 */
const table: Readonly<Record<string, string>> = {
  RootWebArea: "webarea", WebArea: "webarea", document: "document", application: "application",
  generic: "group", GenericContainer: "group", none: "group", presentation: "group", Section: "group", group: "group",
  LabelText: "group", Legend: "statictext", Pre: "group", Abbr: "group", Ruby: "group", time: "group", mark: "group",
  figure: "group", details: "group", Iframe: "group", IframePresentational: "group", Video: "group", Audio: "group",
  Details: "group", blockquote: "group", code: "group", emphasis: "group", strong: "group", subscript: "statictext",
  superscript: "statictext", insertion: "group", deletion: "group", FigureCaption: "statictext", caption: "statictext",
  StaticText: "statictext", paragraph: "paragraph", heading: "heading", ListMarker: "statictext",
  button: "button", PopUpButton: "menubutton", ToggleButton: "button", link: "link",
  textbox: "textfield", searchbox: "textfield", TextField: "textfield", TextFieldWithComboBox: "combobox",
  spinbutton: "incrementor", slider: "slider", checkbox: "checkbox", switch: "switch", radio: "radiobutton",
  radiogroup: "radiogroup", combobox: "combobox", ComboBoxMenuButton: "combobox", ComboBoxSelect: "combobox",
  ComboBoxGrouping: "combobox", MenuListPopup: "menu", listbox: "listbox", option: "option", MenuListOption: "option",
  ListBoxOption: "option", list: "list", DescriptionList: "list", listitem: "group", term: "term", definition: "definition",
  DescriptionListTerm: "term", DescriptionListDetail: "definition",
  table: "table", grid: "grid", treegrid: "outline", row: "row", cell: "cell", gridcell: "cell", columnheader: "column",
  rowheader: "cell", rowgroup: "group", LayoutTable: "group", LayoutTableRow: "group", LayoutTableCell: "group",
  tablist: "tablist", tab: "tab", tabpanel: "tabpanel", menu: "menu", menubar: "menu", menuitem: "menuitem",
  menuitemcheckbox: "menuitem", menuitemradio: "menuitem", tree: "outline", treeitem: "treeitem",
  dialog: "dialog", alertdialog: "alertdialog", alert: "alert", status: "status", log: "log", timer: "timer",
  marquee: "marquee", progressbar: "progressbar", meter: "levelindicator", scrollbar: "scrollbar",
  separator: "separator", splitter: "splitter", image: "image", img: "image", Canvas: "image", canvas: "image",
  "graphics-document": "image", "graphics-object": "group", "graphics-symbol": "image", SvgRoot: "image",
  form: "form", search: "search", navigation: "navigation", main: "main", banner: "banner", header: "banner",
  contentinfo: "contentinfo", footer: "contentinfo", complementary: "complementary", region: "region",
  article: "article", note: "note", math: "math", MathMLMath: "math", tooltip: "tooltip", toolbar: "toolbar",
  DisclosureTriangle: "disclosure", feed: "list", directory: "list", comment: "note", ColorWell: "colorwell",
  DateTime: "datefield", InputTime: "timefield", Date: "datefield"
}

/** Nodes the tree leaves out with their subtree: text runs Chromium splits static text into, and line breaks. */
export const SKIPPED_ROLES: ReadonlySet<string> = new Set(["InlineTextBox", "LineBreak"])

export const contractRoleOf = (chromiumRole: string | undefined): string =>
  chromiumRole === undefined ? "group" : table[chromiumRole] ?? "group"

/** Roles a web page's `<canvas>` (and other drawn surfaces) come as: what OCR can read inside. */
export const OPAQUE_ROLES: ReadonlySet<string> = new Set(["Canvas", "canvas"])
