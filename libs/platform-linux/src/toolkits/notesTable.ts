/**
 * The platform skill's toolkit section (`skills get platform` on Linux): each toolkit folder's notes (`<tk>/notes.ts`)
 * as one table row, in this order, between what is said of all toolkits. The Linux adapter serves it
 * (`DesktopAdapterShape.toolkitNotes`); the engine prints it.
 */
import { chromiumNotes } from "./chromium/notes.js"
import { geckoNotes } from "./gecko/notes.js"
import { genericNotes } from "./generic/notes.js"
import { gtk3Notes } from "./gtk3/notes.js"
import { gtk4Notes } from "./gtk4/notes.js"
import { javaNotes } from "./java/notes.js"
import { libreofficeNotes } from "./libreoffice/notes.js"
import { qtNotes } from "./qt/notes.js"
import type { ToolkitNotes } from "./ToolkitNotes.js"

export const ROWS: ReadonlyArray<ToolkitNotes> = [gtk3Notes, gtk4Notes, qtNotes, libreofficeNotes, geckoNotes, chromiumNotes, javaNotes, genericNotes]

const row = (notes: ToolkitNotes): string => `| ${notes.tested} | ${notes.observe} | ${notes.act} | ${notes.limits} |`

export const TOOLKIT_NOTES = `## Toolkits (Linux)

Each app's toolkit is detected from AT-SPI (its Application's toolkit name and version) and read the way that
toolkit tolerates. Tested under Xvfb on Debian 12 through this CLI, every action read back independently:

| toolkit (tested app) | observe | act | limits |
|---|---|---|---|
${ROWS.map(row).join("\n")}

Not tested here: Qt 6 (Debian 12 ships no Qt 6 widget examples; a Qt 6 app gets the Qt profile's per-property reads,
untested) and Electron (not packaged in Debian; Chromium's accessibility, which Electron embeds,
is tested instead).

- A read never harms an app: containers that manage their descendants are never enumerated, at most 50,000 nodes per
  read are taken (the rest reported as \`subtree_truncated\`, \`complete: false\`), and the first call that misses its
  timeout stops all further calls on that app (what was read is returned; a TIMEOUT then says the app stopped
  answering, and that a longer \`--timeout-ms\` does not help).
- No cliff at 2,000 children: a container with more children than one read takes (2,000) is paged, and the window
  read stays complete. The snapshot prints its first page with the real \`children_count\`, a ref and a \`hint\` whose
  \`--root REF --children-from K\` reads the page from child index K; \`find\` searches its other pages (child ranges
  read by index) and acts on a row found there; a ref in any page resolves (the read takes its saved path). Before
  an action its uniqueness is proven against the whole container (its look-alikes are searched past the page): a
  true twin beyond the page is refused as \`identity_not_unique\`. Tested: a 2,500-row table in Firefox ESR and
  Chromium, a GtkGrid of 2,400 widgets, each with a twin beyond the page. Cost grows with the rows searched:
  Firefox ESR and Chromium answer a child by index in time that grows with the index, so a 50,000-row table takes
  minutes to search whole (tools/bench/README.md, "Big tables").
- A page still loading (its document BUSY) is waited for within the budget; at the deadline the read says so
  (\`complete: false\`; \`find\`: TIMEOUT "still loading"), never \`complete: true\` with the rows loaded so far.
- Headed text entry types through the X keyboard focus: when another window has it, the app's window is asked for it
  first (window manager, else XSetInputFocus; via xdotool; not checked without it, nor for an app whose windows
  do not carry its pid, such as a sandbox's own pid namespace), and if it stays elsewhere the
  action fails (ACTION_FAILED, no key sent) instead of typing into another app (tested on both browsers).
- \`uncheck\`/\`toggle\` of a checked radio button is ACTION_NOT_SUPPORTED and sends nothing: its action would leave it
  checked; check another button of its group (tested on both browsers). Unnamed twin buttons of a page are
  AMBIGUOUS_TARGET (\`identity_not_unique\`, nothing sent): use \`--headed mouse-click --xy\`.
- Names are trimmed; \`--exact\` matches what the app shows without its padding.
- \`snapshot\` prints whole windows by default (\`--max-depth\` 64, the depth of the read); a smaller \`--max-depth\` is a
  requested cut: each cut container carries \`children_count\`, and \`complete\` stays about the read.
- \`snapshot -i\` prints at most 50 children per container (\`--max-children N\`, 0 = all; counted among children
  holding refs): the 1,000-widget GTK 3 grid fixture is 8.7 KB of \`-i --compact\` instead of 118 KB, a 500-row
  Chromium table 50 KB instead of 474 KB. A cut container gets a ref, \`children_count\` and a \`hint\` with the
  next page's command (\`--root REF --children-from K\`); a container that is not unique (an unnamed table beside
  another) is found by its unchanged place for that read, never for an action. \`find\` reads the whole window. A
  LibreOffice sheet's visible cells page the same way (tested: the GTK 3 grid and a Chromium table in the
  snapshotSize suite, the Calc 7.4 sheet in the LibreOffice suite).
- Big windows: a window with 20,000 refs (a 6,700-row GTK 3 list, ~34,000 nodes) snapshots whole
  (\`--max-children 0\`) in ~10 s on a loaded 2-core machine: give it \`--timeout-ms 60000\` (the default 3,000 ms
  returns a partial tree, \`complete: false\`).
- Text of one node is read up to 4,096 characters in a snapshot; \`get --property text\` reads it all. RefMaps keep
  identity only (no field or document content).
`
