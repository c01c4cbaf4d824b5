import type { ToolkitProfile } from "./ToolkitProfile.js"

/** Qt's own AT-SPI bridge (no ATK). */
export const qt: ToolkitProfile = {
  id: "qt",
  getAllSafe: false,
  bulkCacheSafe: false,
  actionNamesFromGetName: false,
  actionAliases: { setfocus: "focus", showmenu: "show menu" },
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: false,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: false,
  textNeedsExplicitEnd: false,
  quirks: [
    {
      what: "Properties.GetAll(org.a11y.atspi.Accessible) segfaults the app (general protection fault in libQt5Core)",
      seenIn: "qtbase5-examples 5.15.8 widgets apps, QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1"
    },
    { what: "Cache.GetItems is not a reliable bulk read; the tree is walked with per-property Get", seenIn: "Qt 5.15.8" }
  ]
}
