import { commandsAt } from "../commands/index.js"
import { REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_6 } from "./v2_6.js"

/** Contract 2.7: nodes from several sources (the accessibility tree, a page's DevTools protocol, OCR) in one ref space. */
export const V2_7 = extendContract(V2_6, {
  version: "2.7",
  changes: [
    {
      id: "node-source",
      description:
        "Every snapshot node's source is atspi (the platform's accessibility tree), cdp (a Chromium/Electron page read through its DevTools protocol) or ocr (text read from the window's pixels): the tree's root always carries source, a node below it carries source where it differs from its parent's. Refs of every source share the snapshot's ref space. Additive; down-conversion drops source.",
      breaking: false,
      commands: ["snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"]
    },
    {
      id: "ocr-nodes",
      description:
        "An ocr node (a line or a run of words read by Tesseract) carries confidence (0-100) and always its bounds (screen pixels), with or without --include-bounds. Additive; down-conversion drops confidence (the bounds are 2.6's own field).",
      breaking: false,
      commands: ["snapshot", "find", ...REF_ACTION_COMMANDS, "hover", "drag"]
    },
    {
      id: "find-sources",
      description:
        "Every find match carries source, ocr matches also confidence and bounds; the list and single-match shapes may carry sources, the sources searched (ocr when the search read the window's pixels). Additive; down-conversion drops source, confidence and sources.",
      breaking: false,
      commands: ["find"]
    },
    {
      id: "tree-availability",
      description:
        "A window without a usable accessibility tree says so where an agent looks: list-windows entries, list-apps entries and snapshot data may carry accessibility {tree: absent|inactive|empty, sources: the sources that can still serve it (cdp, ocr), fix?: how to turn its tree on}. Additive; down-conversion drops it.",
      breaking: false,
      commands: ["list-windows", "list-apps", "snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"]
    }
  ],
  commands: commandsAt("2.7")
})
