import type { ToolkitProfile } from "./ToolkitProfile.js"

/** Firefox (Gecko) through at-spi2-atk. */
export const gecko: ToolkitProfile = {
  id: "gecko",
  getAllSafe: false,
  bulkCacheSafe: true,
  actionNamesFromGetName: true,
  actionAliases: { check: "toggle", uncheck: "toggle" },
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: true,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: false,
  textNeedsExplicitEnd: false,
  quirks: [
    { what: "Action.GetActions returns \";;\" as every name; Action.GetName(i) returns the real one (\"press\")", seenIn: "Firefox ESR 153" },
    { what: "EditableText.SetTextContents / InsertText answer true and leave the field unchanged (focused or not)", seenIn: "Firefox ESR 153.8" },
    { what: "check boxes act through \"check\" / \"uncheck\", not \"toggle\"", seenIn: "Firefox ESR 153.8" },
    { what: "a <select> is a combo box without Selection; its items sit under a menu child that has it", seenIn: "Firefox ESR 153.8" }
  ]
}
