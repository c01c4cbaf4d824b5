import type { ToolkitProfile } from "../ToolkitProfile.js"

/**
 * A toolkit nobody here has tried: pyatspi's call pattern (per-property Get), nothing assumed. Every other profile
 * starts from this one (`...genericProfile`) and states only where its toolkit differs.
 */
export const genericProfile: ToolkitProfile = {
  id: "generic",
  getAllSafe: false,
  bulkCacheSafe: false,
  actionNamesFromGetName: false,
  actionAliases: {},
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: false,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: false,
  textNeedsExplicitEnd: false,
  quirks: []
}
