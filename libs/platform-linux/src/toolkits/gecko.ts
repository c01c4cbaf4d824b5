import type { ToolkitProfile } from "./ToolkitProfile.js"

/** Firefox (Gecko) through at-spi2-atk. */
export const gecko: ToolkitProfile = {
  id: "gecko",
  getAllSafe: false,
  bulkCacheSafe: true,
  actionNamesFromGetName: true,
  actionAliases: { clickancestor: "click" },
  extentsWindowRelative: false,
  showingFromVisible: false,
  textNeedsExplicitEnd: false,
  quirks: [
    { what: "Action.GetActions returns \";;\" as every name; Action.GetName(i) returns the real one (\"press\")", seenIn: "Firefox ESR 153" }
  ]
}
