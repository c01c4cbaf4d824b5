/** Documents the zoo's apps open, written by the tests themselves (no binary fixtures). */

/**
 * A minimal PDF 1.4 with one page per string, each showing it in Helvetica: enough for a viewer to render and expose
 * the text. Offsets in the cross-reference table are byte offsets, so the text must be ASCII.
 */
export const pdfWithPages = (pages: ReadonlyArray<string>): string => {
  const font = 3 + 2 * pages.length
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + 2 * i} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    ...pages.flatMap((text, i) => {
      const stream = `BT /F1 18 Tf 30 100 Td (${text}) Tj ET`
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents ${4 + 2 * i} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
        `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
      ]
    }),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
  ]
  let out = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((object, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
}

/**
 * The first page: a paragraph named "Introduction" by aria-label (its text is another), a text field "Filter" whose
 * input event writes "input VALUE" into the page title, a link "Load the long list" to `next`, and a list box of `items` options "Entry N" taller than any window; scrolling writes
 * "scrolled Y".
 * The browser's window title, read from the X server, is the read-back of what the page itself saw.
 */
export const startPage = (items: number, next: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>start</title></head><body><h1>Start</h1>` +
  `<script>addEventListener("scroll", () => { document.title = "scrolled " + Math.round(scrollY) })</script>` +
  `<p aria-label="Introduction">Pick an entry from the list below.</p>` +
  `<p><input aria-label="Filter" oninput="document.title='input '+this.value"> <a href="${next}">Load the long list</a></p>` +
  `<div role="listbox" tabindex="0" aria-label="Entries">${Array.from({ length: items }, (_, i) => `<div role="option">Entry ${i}</div>`).join("")}</div>` +
  `</body></html>`

/**
 * A long page of `rows` buttons "Item N" in lists of 1,000 (no node has more than 1,000 children: only its size is in
 * play), titled "items N" once parsed, with a link "Load the big table" to `next` at its top.
 */
export const longListPage = (rows: number, next: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>items ${rows}</title></head><body><h1>Items</h1>` +
  `<p><a href="${next}">Load the big table</a></p>` +
  Array.from({ length: Math.ceil(rows / 1000) }, (_, block) =>
    `<section><h2>Block ${block}</h2><ul>` +
    Array.from({ length: Math.min(1000, rows - block * 1000) }, (_, i) => `<li><button>Item ${block * 1000 + i}</button></li>`).join("") +
    `</ul></section>`).join("") +
  `</body></html>`

/**
 * A table of `rows` rows plus its header row (so the table node has rows + 1 children), each a label and a button
 * "Open N" whose click writes "clicked N" into the page title.
 */
export const tablePage = (rows: number): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>rows ${rows}</title></head><body><h1>Table of ${rows}</h1>` +
  `<table><tr><th>Row</th><th>Action</th></tr>` +
  Array.from({ length: rows }, (_, i) => `<tr><td>row ${i}</td><td><button onclick="document.title='clicked ${i}'">Open ${i}</button></td></tr>`).join("") +
  `</table></body></html>`

/**
 * A page whose load is held back: a heading, a button "Ready" and an image `held` that its server answers only when
 * told (heldServer.ts). Its load event writes "stalled done" into the title, so the X server's window title says
 * whether the page has loaded.
 */
export const stalledPage = (held: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>stalled</title></head>` +
  `<body onload="document.title='stalled done'"><h1>Stalled</h1><button>Ready</button><img alt="held" src="${held}"></body></html>`
