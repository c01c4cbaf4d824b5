import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const chromiumNotes: ToolkitNotes = {
  tested: `Chromium 156 / Electron (start with \`--force-renderer-accessibility\`)`,
  observe: `web page and browser chrome; field values from Text (U+FFFC removed); \`--app\` finds the browser window while another app has the focus (its two untitled bubble frames are passed over); read through the bus daemon, never peer-to-peer (a client that read it peer-to-peer and exited during a navigation crashed it)`,
  act: `click, check/uncheck/toggle, expand/collapse (\`<details>\`), select (single and multiple: each select adds; the page sees change), scroll-to, set-value on range and number inputs headless (Value; the page sees input and change); text entry with \`--headed\` (no EditableText), or headless where the browser has a DevTools endpoint (\`launch --cdp\`: the field is focused through AT-SPI and the text goes in through the protocol; the page sees input, and change on set-value)`,
  limits: `as Firefox for text entry; every cell of a web table gets a ref (a 200x10 table: 2,000 cell refs, 214 KB of \`snapshot -i --compact\`); \`launch --cdp [PORT]\` starts it with a DevTools endpoint on 127.0.0.1 and reports it (tested); started without renderer accessibility its windows expose nothing: snapshot and find answer ACTION_NOT_SUPPORTED \`accessibility_inactive\` saying to restart it with \`--force-renderer-accessibility\` (\`snapshot --force-electron-a11y\` cannot turn it on in a running browser on Linux)`
}
