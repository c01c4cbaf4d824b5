/** `skills get platform` on Linux: what works on each UI toolkit, and where it stops (tested on real apps). */
export const TOOLKIT_NOTES = `## Toolkits (Linux)

Each app's toolkit is detected from AT-SPI (\`list-apps\` shows \`toolkit\`/\`toolkit_version\`) and read the way that
toolkit tolerates. Tested under Xvfb on Debian 12 through this CLI, every action read back independently:

| toolkit (tested app) | observe | act | limits |
|---|---|---|---|
| GTK 3 (gtk3-widget-factory, fixtures) | full tree, bounds, values | click, type, set-value, clear, toggle/check, expand/collapse, select, focus | — |
| GTK 4.8 (gnome-calculator 43, gtk4-demo) | full tree; bounds (and window bounds) placed on screen from the X window's position (X11 only); VISIBLE with an on-screen area counts as visible; unnamed list rows and tabs (all "Tab") take their label's name | click, set-value/type (text read with its length: GetText(0,-1) is empty on 4.8), expand/collapse of tree rows (listitem actions), tab selection, \`--headed\` double/triple/right-click (hit tests in window coordinates) | — |
| Qt 5.15 (qtbase5-examples; start apps with \`QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1\` or an enabled a11y bus) | per-property reads only (GetAll segfaults Qt 5), walked without the bulk cache | click (tested on the calculator's buttons, result read back); other actions as its interfaces offer, untested here | slower reads than GTK (several calls per node) |
| LibreOffice 7.4 (Calc, \`SAL_USE_VCLPLUGIN=gtk3\`) | menus and toolbars (the hidden second copy LibreOffice keeps of every submenu is not read); the sheet is never enumerated: only its visible cells, found by hit tests (at most 400), the sheet marked \`subtree_truncated\` with its real \`children_count\` | set-value on a visible cell (tested); other actions untested here | cells outside the visible area are not listed: scroll first; the bulk cache is never asked (it left Calc unresponsive) |
| Firefox ESR 153 (a local form page) | web page and browser chrome; field values (labels and buttons carry none, although Firefox lists EditableText on every node); \`<select>\` values | click, check/uncheck/toggle (radio buttons too), expand/collapse (\`<details>\`), select (single and multiple \`<select>\`: each select adds), scroll-to, set-value on a range (headless); text entry into text, textarea, password, number and contenteditable fields and the address bar only with \`--headed\` (focus + synthesized keys: Firefox ignores EditableText, and its Value on a number input changes nothing the page sees); \`press --headed --app\` keeps the focused field (the window is focused through X, not GrabFocus, which blurred it) | headless \`type\`/\`set-value\`/\`clear\` on web fields: POLICY_DENIED naming \`--headed\`; \`select\` in a \`<select>\` sets the value the form submits but fires no input/change event (a page script that reacts to change does not see it); every cell of a web table gets a ref (a 200x10 table: 2,000 cell refs, 212 KB of \`snapshot -i --compact\`) |
| Chromium 156 / Electron (start with \`--force-renderer-accessibility\`) | web page and browser chrome; field values from Text (U+FFFC removed); \`--app\` finds the browser window while another app has the focus (its two untitled bubble frames are passed over); read through the bus daemon, never peer-to-peer (a client that read it peer-to-peer and exited during a navigation crashed it) | click, check/uncheck/toggle, expand/collapse (\`<details>\`), select (single and multiple: each select adds; the page sees change), scroll-to, set-value on range and number inputs headless (Value; the page sees input and change); text entry only with \`--headed\` (no EditableText) | as Firefox for text entry; every cell of a web table gets a ref (a 200x10 table: 2,000 cell refs, 214 KB of \`snapshot -i --compact\`); \`launch --cdp\` and \`--force-electron-a11y\` are not implemented |
| anything else | per-property reads, no bulk cache, nothing assumed | what its AT-SPI interfaces offer | — |

Not tested here: Qt 6 (Debian 12 ships no Qt 6 widget examples; a Qt 6 app gets the Qt profile's per-property reads,
untested) and Electron (not packaged in Debian; Chromium's accessibility, which Electron embeds,
is tested instead).

- A read never harms an app: containers that manage their descendants are never enumerated, at most 2,000 children
  per node and 50,000 nodes per read are taken (the rest reported as \`subtree_truncated\`, \`complete: false\`), and the
  first call that misses its timeout stops all further calls on that app (what was read is returned).
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
- Big windows: a window with 20,000 refs (a 6,700-row GTK 3 list, ~34,000 nodes) snapshots whole in ~10 s on a loaded
  2-core machine: give it \`--timeout-ms 60000\` (the default 3,000 ms returns a partial tree, \`complete: false\`).
- Text of one node is read up to 4,096 characters in a snapshot; \`get --property text\` reads it all. RefMaps keep
  identity only (no field or document content).
`
