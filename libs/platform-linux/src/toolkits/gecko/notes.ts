import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const geckoNotes: ToolkitNotes = {
  tested: `Firefox ESR 153 (a local form page)`,
  observe: `web page and browser chrome; field values (labels and buttons carry none, although Firefox lists EditableText on every node); \`<select>\` values`,
  act: `click, check/uncheck/toggle (radio buttons too), expand/collapse (\`<details>\`), select (single and multiple \`<select>\`: each select adds), scroll-to, set-value on a range (headless); text entry into text, textarea, password, number and contenteditable fields and the address bar only with \`--headed\` (focus + synthesized keys: Firefox ignores EditableText, and its Value on a number input changes nothing the page sees); \`press --headed --app\` keeps the focused field (the window is focused through X, not GrabFocus, which blurred it)`,
  limits: `headless \`type\`/\`set-value\`/\`clear\` on web fields: POLICY_DENIED naming \`--headed\`; the first read after Firefox turns its accessibility on (the first client of a fresh browser) can lack the page controls' names, which a second read a moment later has (measured on 153.8; read again before targeting by name); \`select\` in a \`<select>\` sets the value the form submits but fires no input/change event (a page script that reacts to change does not see it); every cell of a web table gets a ref (a 200x10 table: 2,000 cell refs, 212 KB of \`snapshot -i --compact --max-children 0\`; \`-i\` prints its first 50 rows and pages the rest, see \`--max-children\`)`
}
