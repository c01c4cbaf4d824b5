/** `skills get platform` on Linux: what works on each UI toolkit, and where it stops (tested on real apps). */
export const TOOLKIT_NOTES = `## Toolkits (Linux)

Each app's toolkit is detected from AT-SPI (\`list-apps\` shows \`toolkit\`/\`toolkit_version\`) and read the way that
toolkit tolerates. Tested under Xvfb on Debian 12 through this CLI, every action read back independently:

| toolkit (tested app) | observe | act | limits |
|---|---|---|---|
| GTK 3 (gtk3-widget-factory, fixtures) | full tree, bounds, values; a combo box is expanded while its popup menu shows | click, type, set-value, clear, toggle/check, expand/collapse (also a combo box's popup), select, focus | toggle/check/uncheck only on what has a checked state: on a plain button or menu item they are refused before anything is sent (use click) |
| GTK 4.8 (gnome-calculator 43, gtk4-demo and its demos) | full tree; bounds (and window bounds) placed on screen from the X window's position (X11 only); VISIBLE with an on-screen area counts as visible; unnamed list rows and tabs (all "Tab") take their label's name; a pressed toggle button reads as checked; \`--skeleton\` skips unnamed wrappers, so the named lists and tab lists show | click, type/set-value/clear on entries (text read with its length: GetText(0,-1) is empty on 4.8), set-value on scales and spin buttons, toggle/check/uncheck on switches and pressed toggle buttons, check buttons with \`--headed\` only (a pointer click), select on lists (rows by their labels) and tab lists, select on drop-downs with \`--headed\` only (their button opens the popup, keys choose: down/up, return), expand/collapse of expanders and tree rows (listitem actions), \`is\`, \`--headed\` press and double/triple/right-click (hit tests in window coordinates) | check buttons list no AT-SPI action: headless toggle/check/uncheck is POLICY_DENIED naming \`--headed\` (their window must be on top for the click); a toggle button that is off looks like a plain push button: check/toggle on it are refused, use click; drop-downs take a choice only from input devices (selecting in the popup's list through AT-SPI changes nothing): headless \`select\` is POLICY_DENIED naming \`--headed\`, and headed the keys go to the focused window, so the drop-down's window must have the focus; the older GtkComboBox lists no items, so select by name finds none; widgets without a label are named after their class ("GtkSwitch"), so two of a class in one window are twins without refs that resolve; gtk4-widget-factory registers under Xvfb only with \`GSK_RENDERER=cairo\` |
| Qt 5.15 (qtbase5-examples; start apps with \`QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1\` or an enabled a11y bus) | per-property reads only (GetAll segfaults Qt 5), walked without the bulk cache | click (tested on the calculator's buttons, result read back); other actions as its interfaces offer, untested here | slower reads than GTK (several calls per node) |
| LibreOffice 7.4 (Calc, \`SAL_USE_VCLPLUGIN=gtk3\`) | menus and toolbars (the hidden second copy LibreOffice keeps of every submenu is not read); the sheet is never enumerated: only its visible cells, found by hit tests (at most 400), the sheet marked \`subtree_truncated\` with its real \`children_count\` | set-value on a visible cell (tested); other actions untested here | cells outside the visible area are not listed: scroll first; the bulk cache is never asked (it left Calc unresponsive) |
| Firefox ESR 153 | web page and browser chrome; \`<select>\` values | click, check/uncheck, select; text entry only with \`--headed\` (focus + synthesized keys: Firefox ignores EditableText) | headless \`type\`/\`set-value\`/\`clear\` on web fields: POLICY_DENIED naming \`--headed\` |
| Chromium 156 / Electron (start with \`--force-renderer-accessibility\`) | web page and browser chrome; field values from Text (U+FFFC removed) | click, check/uncheck, select (item action); text entry only with \`--headed\` (no EditableText) | as Firefox; \`launch --cdp\` and \`--force-electron-a11y\` are not implemented |
| anything else | per-property reads, no bulk cache, nothing assumed | what its AT-SPI interfaces offer | — |

Not tested here: Qt 6 (Debian 12 ships no Qt 6 widget examples; a Qt 6 app gets the Qt profile's per-property reads,
untested) and Electron (not packaged in Debian; Chromium's accessibility, which Electron embeds,
is tested instead).

- A read never harms an app: containers that manage their descendants are never enumerated, at most 2,000 children
  per node and 50,000 nodes per read are taken (the rest reported as \`subtree_truncated\`, \`complete: false\`), and the
  first call that misses its timeout stops all further calls on that app (what was read is returned).
- Names are trimmed; \`--exact\` matches what the app shows without its padding.
- \`snapshot\` prints whole windows by default (\`--max-depth\` 64, the depth of the read); a smaller \`--max-depth\` is a
  requested cut: each cut container carries \`children_count\`, and \`complete\` stays about the read.
- Big windows: a window with 20,000 refs (a 6,700-row GTK 3 list, ~34,000 nodes) snapshots whole in ~10 s on a loaded
  2-core machine: give it \`--timeout-ms 60000\` (the default 3,000 ms returns a partial tree, \`complete: false\`).
- Text of one node is read up to 4,096 characters in a snapshot; \`get --property text\` reads it all. RefMaps keep
  identity only (no field or document content).
`
