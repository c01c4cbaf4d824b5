import type { ToolkitProfile } from "./ToolkitProfile.js"

/** Chromium (and Electron) through its own ATK implementation and at-spi2-atk. */
export const chromium: ToolkitProfile = {
  id: "chromium",
  getAllSafe: false,
  bulkCacheSafe: true,
  actionNamesFromGetName: false,
  actionAliases: { clickancestor: "click" },
  extentsWindowRelative: false,
  showingFromVisible: false,
  textNeedsExplicitEnd: false,
  quirks: [
    { what: "form fields carry no EditableText; their value is read from Text and shown with U+FFFC object-replacement characters", seenIn: "Chromium 156" }
  ]
}
