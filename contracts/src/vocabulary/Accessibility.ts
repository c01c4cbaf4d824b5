/** Normalised roles (78) a snapshot node or find match may carry. */
export const ROLES = [
  "alert", "alertdialog", "application", "article", "banner", "browser", "button", "cell", "checkbox",
  "colorwell", "column", "combobox", "complementary", "contentinfo", "datefield", "definition", "dialog",
  "disclosure", "dockitem", "document", "drawer", "form", "grid", "group", "handle", "heading", "helptag", "image",
  "incrementor", "layoutitem", "levelindicator", "link", "list", "listbox", "log", "main", "marquee", "matte",
  "math", "menu", "menubutton", "menuitem", "navigation", "note", "option", "outline", "paragraph", "popover",
  "progressbar", "radiobutton", "radiogroup", "region", "relevanceindicator", "row", "ruler", "rulermarker",
  "scrollarea", "scrollbar", "search", "separator", "sheet", "slider", "splitter", "statictext", "status",
  "switch", "tab", "tablist", "tabpanel", "table", "textfield", "term", "timefield", "timer", "toolbar", "tooltip",
  "treeitem", "webarea", "window", "unknown"
] as const

export const STATES = [
  "focused", "disabled", "secure", "expanded", "checked", "selected", "hidden", "busy", "modal", "required",
  "indeterminate", "pressed", "readonly", "offscreen", "invalid", "multiselectable", "haspopup"
] as const

export const AVAILABLE_ACTIONS = [
  "Click", "RightClick", "SetValue", "SetFocus", "Expand", "Collapse", "Select", "Toggle", "Scroll", "ScrollTo",
  "PressKey", "KeyDown", "KeyUp", "TypeText", "Hover", "Drag", "Check", "Uncheck"
] as const

export const NATIVE_ID_KINDS = [
  "ax_identifier", "ax_dom_identifier", "automation_id", "runtime_id", "atspi_object_path", "unknown"
] as const

export const SURFACE_KINDS = [
  "window", "focused", "menu", "menubar", "sheet", "popover", "alert", "desktop", "taskbar", "system-tray",
  "system-tray-overflow", "quick-settings", "notification-center", "toolbar", "dock", "spotlight",
  "menu-bar-extras", "start-menu", "action-center"
] as const

/**
 * Where an observed node came from (2.7): the platform's accessibility tree (`atspi` on Linux), a Chromium/Electron
 * page's own DevTools protocol (`cdp`), or text read from the window's pixels (`ocr`).
 */
export const NODE_SOURCES = ["atspi", "cdp", "ocr"] as const
