import type { ToolkitProfile } from "./ToolkitProfile.js"

/** Chromium (and Electron) through its own ATK implementation and at-spi2-atk. */
export const chromium: ToolkitProfile = {
  id: "chromium",
  getAllSafe: false,
  bulkCacheSafe: true,
  actionNamesFromGetName: false,
  actionAliases: { check: "toggle", uncheck: "toggle" },
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: false,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: false,
  textNeedsExplicitEnd: false,
  quirks: [
    { what: "text fields carry no EditableText: text goes in through the keyboard (headed)", seenIn: "Chromium 156.0.8078" },
    { what: "Action.GetActions names are empty; Action.GetName(i) answers (doDefault, check, select, press)", seenIn: "Chromium 156.0.8078" },
    { what: "check boxes act through \"check\" / \"uncheck\"; a <select>'s Selection is on its menu child", seenIn: "Chromium 156.0.8078" },
    { what: "text of containers carries U+FFFC for each embedded child (removed when read)", seenIn: "Chromium 156.0.8078" }
  ]
}
