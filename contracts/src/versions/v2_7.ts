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
        "A window without a usable accessibility tree says so where an agent looks: list-windows entries, list-apps entries, launch's window and snapshot data may carry accessibility {tree: absent|inactive|empty, sources: the sources that can still serve it (cdp, ocr), fix?: how to turn its tree on}. Additive; down-conversion drops it.",
      breaking: false,
      commands: ["list-windows", "list-apps", "launch", "snapshot", ...REF_ACTION_COMMANDS, "hover", "drag"]
    },
    {
      id: "snapshot-diff",
      description:
        "snapshot data may carry diff: with --diff [--since ID], what changed in the window since a base snapshot of it (the window's last one, or the one named) over the elements that get refs: added (each node with its printed subtree and the ref of its nearest ancestor with one), removed (base refs with role and name), changed (each node as it is now, the fields that changed and what they were; a text field's contents are not shown) and the unchanged count. The diff keeps the base's ref numbers, so an unchanged element's refs stay valid. Without a base, after a partial read, or when the diff would be over half the whole snapshot's size, diff is {whole: true, reason} and the tree is printed. Additive; down-conversion drops a whole diff's marker and turns a diff into INVALID_ARGS (contract_too_old): 2.6 has no shape for it.",
      breaking: false,
      commands: ["snapshot"]
    },
    {
      id: "watch",
      description:
        "New command watch: one envelope per event while it runs ({event}: window-opened and surface-appeared with the surface's kind and snapshot, window-closed, surface-dismissed, focus-changed, app-launched, app-terminated, changed with the window's snapshot as a diff, events-dropped), and a last one ({ended, event_count, events?}). Down-conversion turns it into INVALID_ARGS (contract_too_old).",
      breaking: false,
      commands: ["watch"]
    },
    {
      id: "wait-event-changed",
      description:
        "wait --event changed answers with a watch's changed event (the window's diff, refs included). Every wait --event answer carries a watch's event (window-opened and surface-appeared with the surface's kind and snapshot). Down-conversion turns a changed or events-dropped answer into INVALID_ARGS (contract_too_old) and drops surface and snapshot from the others.",
      breaking: false,
      commands: ["wait"]
    },
    {
      id: "launch-remote-protocol",
      description:
        "launch --cdp also starts Firefox, with its WebDriver BiDi endpoint: cdp may carry protocol (devtools or webdriver-bidi; for webdriver-bidi websocket_url is where a client starts its session, product is firefox/VERSION, and there is no renderer). Additive; down-conversion drops protocol, and drops a webdriver-bidi endpoint (2.6 readers take cdp for a DevTools endpoint).",
      breaking: false,
      commands: ["launch"]
    },
    {
      id: "trace-replay",
      description:
        "trace replay SESSION runs a recorded session again (data: the replay's own session, each step's outcome, the secrets it needed and where from, its delivery); trace export --as batch writes the recording's actions as a batch file (data: path, entries, the environment variables it reads). trace takes the session after the action. Breaking for a reader of trace's data that knows only its two 2.6 shapes (show, export): the union gains two; show and export print what they printed. Down-conversion turns either new result into an INVALID_ARGS error of kind needs_contract (with the replay's delivery, its session and the written path), since 2.6 has no shape for them.",
      breaking: true,
      commands: ["trace"]
    }
  ],
  commands: commandsAt("2.7")
})
