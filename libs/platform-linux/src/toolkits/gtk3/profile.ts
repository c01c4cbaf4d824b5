import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** GTK 3 through at-spi2-atk (gtk3-widget-factory 3.24.38, the project's fixture apps). */
export const gtk3: ToolkitProfile = {
  ...genericProfile,
  id: "gtk3",
  getAllSafe: true,
  bulkCacheSafe: true,
  announcesChanges: true,
  expandedFromPopup: true,
  waylandOrigin: "surface",
  quirks: [
    { what: "Cache.GetItems exists only after some client registered an event listener", seenIn: "gtk3-widget-factory 3.24.38" },
    { what: "tree-view cells live under a MANAGES_DESCENDANTS table the cache leaves out", seenIn: "gtk3-widget-factory 3.24.38" },
    {
      what: "a combo box never sets EXPANDABLE/EXPANDED: its popup menu child is SHOWING while open (expand opened it and was reported failed)",
      seenIn: "gtk3-widget-factory 3.24.38, the fixture's GtkComboBoxText (GTK 3.24.38)"
    },
    {
      what: "a scale that draws its value describes itself with it (\"50.0\"), so its description changed with every set-value (left out: tree/Observed.ts)",
      seenIn: "gtk3-widget-factory 3.24.38, the fixture's GtkScale (GTK 3.24.38)"
    }
  ]
}
