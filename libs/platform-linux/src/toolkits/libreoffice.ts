import type { ToolkitProfile } from "./ToolkitProfile.js"

/** LibreOffice (VCL on its GTK 3 plugin, SAL_USE_VCLPLUGIN=gtk3) through at-spi2-atk. */
export const libreoffice: ToolkitProfile = {
  id: "libreoffice",
  getAllSafe: true,
  bulkCacheSafe: false,
  actionNamesFromGetName: false,
  actionAliases: {},
  extentsWindowRelative: false,
  showingFromVisible: false,
  editableTextInert: false,
  namesFromContent: false,
  placeholderNames: [],
  skipsHidden: true,
  textNeedsExplicitEnd: false,
  quirks: [
    {
      what: "Properties.GetAll(Accessible) is answered by at-spi2-atk from the same getters as Get (name, description, child count, parent, locale): one message instead of three per node, the same nodes and names read",
      seenIn: "LibreOffice Calc 7.4.7 (libreoffice-gtk3)"
    },
    {
      what: "the sheet is a MANAGES_DESCENDANTS table of ~10^10 virtual cells; enumerating it froze soffice.bin at 60-85 % CPU for minutes",
      seenIn: "LibreOffice Calc 7.4.7 (libreoffice-gtk3)"
    },
    {
      what: "every submenu of the menu bar exists twice, a hidden (not VISIBLE) copy beside the real one: 581 hidden menu items were half of `snapshot -i`'s 513 KB, and twins of the real items",
      seenIn: "LibreOffice Calc 7.4.7 (libreoffice-gtk3)"
    }
  ]
}
